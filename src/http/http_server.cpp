#include "http/http_server.hpp"

#include <optional>
#include <stdexcept>
#include <unordered_set>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "http/connection.hpp"
#include "http/connection_refusal.hpp"
#include "http/send_lane.hpp"
#include "logging/log.hpp"

namespace tglink {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {
// The "limit reached" warning is logged at most this often, however many are refused.
constexpr std::chrono::seconds kLimitWarningInterval{60};
// Body chunks sent between two looks at everything else on the I/O thread (send_lane.hpp):
// 4 chunks of 256 KiB, about a millisecond of sends on loopback.
constexpr std::size_t kTurnsPerRound = 4;
}  // namespace

struct HttpServer::Impl : std::enable_shared_from_this<HttpServer::Impl> {
  Impl(asio::io_context& io_in, HttpServerOptions options_in, HttpHandler handler_in, Log& log_in)
      : io(io_in),
        options(std::move(options_in)),
        handler(std::move(handler_in)),
        log(log_in),
        acceptor(io_in),
        lane(io_in.get_executor(), kTurnsPerRound) {}

  asio::io_context& io;
  HttpServerOptions options;
  HttpHandler handler;
  Log& log;
  tcp::acceptor acceptor;
  SendLane lane;
  std::unordered_set<std::shared_ptr<Connection>> connections;
  std::size_t lingering_refusals = 0;
  std::uint64_t refused = 0;  // since the last warning
  std::optional<std::chrono::steady_clock::time_point> last_limit_warning;
  bool draining = false;

  asio::awaitable<void> wait_until_no_connection(std::chrono::steady_clock::time_point deadline) {
    asio::steady_timer timer{io};
    while (!connections.empty() && std::chrono::steady_clock::now() < deadline) {
      timer.expires_after(std::chrono::milliseconds(20));
      co_await timer.async_wait(asio::as_tuple(asio::use_awaitable));
    }
  }

  void listen() {
    boost::system::error_code ec;
    const asio::ip::address address = asio::ip::make_address(options.bind_address, ec);
    if (ec) {
      throw std::runtime_error("BIND_ADDRESS: \"" + options.bind_address +
                               "\" is not an IP address");
    }
    const tcp::endpoint endpoint{address, options.port};
    acceptor.open(endpoint.protocol());
    acceptor.set_option(tcp::acceptor::reuse_address(true));
    acceptor.bind(endpoint, ec);
    if (ec) {
      throw std::runtime_error("cannot listen on " + options.bind_address + ":" +
                               std::to_string(options.port) + ": " + ec.message() +
                               " (set PORT or BIND_ADDRESS)");
    }
    acceptor.listen(asio::socket_base::max_listen_connections);
  }

  asio::awaitable<void> accept_loop() {
    auto self = shared_from_this();
    while (!draining) {
      auto [ec, socket] = co_await acceptor.async_accept(asio::as_tuple(asio::use_awaitable));
      if (draining) break;
      if (ec) {
        if (ec == asio::error::operation_aborted) break;
        co_await pause_after_accept_error(ec);  // EMFILE and friends: don't spin
        continue;
      }
      if (connections.size() >= options.max_connections) {
        refuse(std::move(socket));
        continue;
      }
      socket.set_option(tcp::no_delay(true));
      spawn(make_connection(std::move(socket), lane, options, handler, log));
    }
  }

  void refuse(tcp::socket socket) {
    warn_about_limit();
    const bool may_linger = lingering_refusals < kMaxLingeringRefusals;
    if (may_linger) ++lingering_refusals;
    asio::co_spawn(io,
                   refuse_connection(std::move(socket),
                                     may_linger ? kRefusalLinger : std::chrono::milliseconds(0)),
                   [self = shared_from_this(), may_linger](const std::exception_ptr&) {
                     if (may_linger) --self->lingering_refusals;
                   });
  }

  void warn_about_limit() {
    ++refused;
    const auto now = std::chrono::steady_clock::now();
    if (last_limit_warning && now - *last_limit_warning < kLimitWarningInterval) return;
    log.warning(
        "MAX_CONNECTIONS ({}) reached: refused {} connection(s) with 503 since the last "
        "warning",
        options.max_connections, refused);
    last_limit_warning = now;
    refused = 0;
  }

  asio::awaitable<void> pause_after_accept_error(const boost::system::error_code& ec) {
    log.warning("accept failed: {}", ec.message());
    asio::steady_timer timer{io, std::chrono::milliseconds(100)};
    co_await timer.async_wait(asio::as_tuple(asio::use_awaitable));
  }

  void spawn(const std::shared_ptr<Connection>& connection) {
    connections.insert(connection);
    asio::co_spawn(io, connection->run(),
                   [self = shared_from_this(), connection](const std::exception_ptr&) {
                     self->connections.erase(connection);
                   });
  }
};

HttpServer::HttpServer(asio::io_context& io, HttpServerOptions options, HttpHandler handler,
                       Log& log)
    : impl_(std::make_shared<Impl>(io, std::move(options), std::move(handler), log)) {}

HttpServer::~HttpServer() {
  boost::system::error_code ec;
  impl_->acceptor.close(ec);
  for (const auto& connection : impl_->connections) connection->force_close();
  // Writers waiting for a turn hold their connections, and through them this server: handed
  // back to the io_context, they finish on their closed sockets, or are destroyed with it.
  impl_->lane.open_all();
}

void HttpServer::start() {
  impl_->listen();
  asio::co_spawn(impl_->io, impl_->accept_loop(), asio::detached);
}

std::uint16_t HttpServer::port() const { return impl_->acceptor.local_endpoint().port(); }

std::size_t HttpServer::open_connections() const { return impl_->connections.size(); }

std::size_t HttpServer::bodies_waiting() const { return impl_->lane.waiting(); }

asio::awaitable<void> HttpServer::drain(std::chrono::milliseconds grace) {
  auto impl = impl_;
  impl->draining = true;
  boost::system::error_code ec;
  impl->acceptor.close(ec);
  for (const auto& connection : impl->connections) connection->request_close();
  const auto deadline = std::chrono::steady_clock::now() + grace;
  co_await impl->wait_until_no_connection(deadline);
  for (const auto& connection : impl->connections) connection->force_close();
  impl->lane.open_all();
  // A closed socket wakes the body writes under way at once. Their handlers still have to run
  // to the end, so that the bytes each write took are counted (serving/counting_channel.hpp)
  // before the service flushes its counters, and so that no handler is left suspended, to be
  // destroyed with the io_context after the parts it uses.
  co_await impl->wait_until_no_connection(std::chrono::steady_clock::now() + kUnwindGrace);
}

}  // namespace tglink
