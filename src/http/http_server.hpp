#pragma once
// The HTTP/1.1 server: accepts on BIND_ADDRESS:PORT and runs one Connection per socket
// (http/connection.hpp). Defends against slow and oversized clients with timeouts and a
// header-size cap, holds at most max_connections open (the excess gets a 503 and is closed:
// http/connection_refusal.hpp), and drains gracefully on shutdown.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include <boost/asio/awaitable.hpp>

#include "http/http_handler.hpp"

namespace boost::asio {
class io_context;
}

namespace tglink {

// After a drain's grace, how long handlers whose sockets were closed get to finish.
inline constexpr std::chrono::milliseconds kUnwindGrace{2000};

class Log;

struct HttpServerOptions {
  std::string bind_address = "0.0.0.0";
  std::uint16_t port = 8080;                // 0 picks a free port; see HttpServer::port()
  std::chrono::seconds header_timeout{30};  // from connect (or the last response) to full headers
  std::chrono::seconds idle_timeout{75};    // an idle keep-alive connection
  std::chrono::seconds write_timeout{300};  // a client that reads none of the response
  std::size_t header_limit = std::size_t{16} * 1024;
  std::size_t max_connections = 1024;  // open connections; more are refused with 503
};

class HttpServer {
 public:
  HttpServer(boost::asio::io_context& io, HttpServerOptions options, HttpHandler handler, Log& log);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds and listens. Throws std::runtime_error naming the address when that fails.
  void start();

  // The port actually bound.
  [[nodiscard]] std::uint16_t port() const;
  [[nodiscard]] std::size_t open_connections() const;
  // Bodies waiting for a turn in the send lane (send_lane.hpp).
  [[nodiscard]] std::size_t bodies_waiting() const;

  // Stops accepting and closes idle connections at once; exchanges under way may finish
  // within `grace`, after which their sockets are closed too, and their handlers get up to
  // kUnwindGrace more to notice and finish (counting what they sent).
  boost::asio::awaitable<void> drain(std::chrono::milliseconds grace);

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace tglink
