#include "http/connection_refusal.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <sys/socket.h>

#include "http/http_response.hpp"

namespace tglink {

namespace {

namespace asio = boost::asio;
using asio::ip::tcp;
constexpr auto kTuple = asio::as_tuple(asio::use_awaitable);
constexpr std::int64_t kRetryAfterSeconds = 1;

// Reads and drops what the client sends until it closes or the deadline passes.
asio::awaitable<void> drain_until_closed(tcp::socket& socket, asio::steady_timer& deadline) {
  using namespace asio::experimental::awaitable_operators;
  char sink[4096];
  for (;;) {
    auto result = co_await (socket.async_read_some(asio::buffer(sink), kTuple) ||
                            deadline.async_wait(kTuple));
    if (result.index() != 0) co_return;
    auto [ec, n] = std::get<0>(result);
    if (ec) co_return;
  }
}

}  // namespace

std::string connection_refusal_text() {
  const HttpResponse busy = json_error(
      503, "SERVICE_UNAVAILABLE", "Too many connections; try again shortly", kRetryAfterSeconds);
  std::string text = "HTTP/1.1 503 Service Unavailable\r\nServer: tglink\r\n";
  for (const auto& [name, value] : busy.headers) text += name + ": " + value + "\r\n";
  text += "Content-Length: " + std::to_string(busy.body.size()) + "\r\n";
  text += "Connection: close\r\n\r\n";
  return text + busy.body;
}

asio::awaitable<void> refuse_connection(tcp::socket socket, std::chrono::milliseconds linger) {
  const std::string text = connection_refusal_text();
  // A fresh socket's send buffer is empty, so one non-blocking send takes the whole response.
  socket.native_non_blocking(true);
  ::send(socket.native_handle(), text.data(), text.size(), MSG_NOSIGNAL);
  boost::system::error_code ec;
  socket.shutdown(tcp::socket::shutdown_send, ec);
  if (!ec && linger.count() > 0) {
    asio::steady_timer deadline{socket.get_executor(), linger};
    co_await drain_until_closed(socket, deadline);
  }
  socket.close(ec);
}

}  // namespace tglink
