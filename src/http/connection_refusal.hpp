#pragma once
// What a connection beyond MAX_CONNECTIONS gets: a complete 503 (the JSON error body,
// SERVICE_UNAVAILABLE, Retry-After: 1, Connection: close), then the close. Internal to http/.
//
// A 503 rather than a bare close: a client or proxy can tell "busy, retry" from a crash, and the
// body says why. It costs one small write into the fresh socket's empty send buffer. To deliver
// it reliably the sending side is shut down first and what the client sends meanwhile (its
// request) is read and dropped for a moment: closing a socket with unread bytes would send a
// reset, which can destroy the 503 before the client reads it. How many refused sockets linger
// like that at once is capped (kMaxLingeringRefusals); past that they are closed at once.

#include <chrono>
#include <cstddef>
#include <string>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace tglink {

inline constexpr std::size_t kMaxLingeringRefusals = 64;
inline constexpr std::chrono::milliseconds kRefusalLinger{1000};

// The whole response, status line to body.
[[nodiscard]] std::string connection_refusal_text();

// Sends the refusal and closes the socket, lingering at most `linger` for the client's bytes.
boost::asio::awaitable<void> refuse_connection(boost::asio::ip::tcp::socket socket,
                                               std::chrono::milliseconds linger);

}  // namespace tglink
