#pragma once
// The outgoing side of one HTTP exchange, as a handler sees it. A handler either sends one
// complete response, or begins a body of known length and writes it in pieces (from memory
// or straight from a file with sendfile).

#include <cstdint>
#include <span>
#include <string>

#include <boost/asio/awaitable.hpp>

#include "core/byte_range.hpp"
#include "http/http_response.hpp"

namespace tglink {

class ResponseChannel {
 public:
  virtual ~ResponseChannel() = default;

  // Added to every response of this exchange (the rate-limit headers, for one).
  virtual void add_common_header(std::string name, std::string value) = 0;

  // A whole response; Content-Length is set from the body. For HEAD only the headers go out.
  virtual boost::asio::awaitable<void> send(HttpResponse response) = 0;

  // Sends status and headers with Content-Length = content_length. For HEAD nothing more
  // may follow; otherwise exactly content_length bytes must be written, or abort() called.
  virtual boost::asio::awaitable<void> begin_body(HttpResponse head,
                                                  std::uint64_t content_length) = 0;

  // Body bytes. False once the client is gone (or reads nothing for the write timeout); the
  // handler should stop then. Part of the bytes may have been sent: see body_bytes_sent().
  virtual boost::asio::awaitable<bool> write(std::span<const char> bytes) = 0;

  // Body bytes straight from a file descriptor (sendfile on plain TCP): the file's `bytes`.
  virtual boost::asio::awaitable<bool> write_file(int fd, ByteRange bytes) = 0;

  // Body bytes handed to the connection so far, including those of a write that then failed:
  // what the monthly bandwidth counts.
  [[nodiscard]] virtual std::uint64_t body_bytes_sent() const = 0;

  // The body cannot be completed. The connection is closed once the handler returns, so the
  // client sees a truncated transfer instead of a short response that looks whole.
  virtual void abort() = 0;

  // True when the response has started (headers sent).
  [[nodiscard]] virtual bool started() const = 0;
};

}  // namespace tglink
