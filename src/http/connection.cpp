#include "http/connection.hpp"

#include <cerrno>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <sys/sendfile.h>

#include "http/http_response.hpp"
#include "logging/log.hpp"

namespace tglink {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using asio::ip::tcp;
constexpr auto kTuple = asio::as_tuple(asio::use_awaitable);
constexpr std::size_t kBodyLimit = 64 * 1024;  // no endpoint takes a body; small ones are ignored
constexpr std::size_t kSendfileChunk = 1 << 20;

HttpRequest to_request(const http::request<http::string_body>& message, const std::string& peer) {
  HttpRequest request;
  request.method = std::string(message.method_string());
  request.target = std::string(message.target());
  for (const auto& field : message) {
    request.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
  }
  request.peer_address = peer;
  request.client_address = peer;
  return request;
}

// A parse error of the request itself, as opposed to the client going away or timing out.
bool is_malformed_request(const beast::error_code& ec) {
  const bool from_parser = ec.category() == make_error_code(http::error::bad_target).category();
  return from_parser && ec != http::error::end_of_stream && ec != http::error::partial_message;
}

std::string peer_of(const tcp::socket& socket) {
  beast::error_code ec;
  const tcp::endpoint endpoint = socket.remote_endpoint(ec);
  return ec ? std::string("unknown") : endpoint.address().to_string();
}

// The ResponseChannel of one request on one connection.
class Exchange final : public ResponseChannel {
 public:
  Exchange(beast::tcp_stream& stream, const HttpServerOptions& options, bool is_head,
           bool keep_alive)
      : stream_(stream), options_(options), is_head_(is_head), keep_alive_(keep_alive) {}

  void add_common_header(std::string name, std::string value) override {
    common_.set_header(name, std::move(value));
  }

  awaitable<void> send(HttpResponse response) override {
    const std::uint64_t length = response.body.size();
    co_await begin_body(response, length);
    if (!is_head_ && length > 0) co_await write(response.body);
  }

  awaitable<void> begin_body(HttpResponse head, std::uint64_t content_length) override {
    started_ = true;
    http::response<http::empty_body> message{static_cast<http::status>(head.status), 11};
    message.set(http::field::server, "tglink");
    for (const auto& [name, value] : common_.headers) message.set(name, value);
    for (const auto& [name, value] : head.headers) message.set(name, value);
    message.set(http::field::content_length, std::to_string(content_length));
    message.keep_alive(keep_alive_);
    http::response_serializer<http::empty_body> serializer{message};
    stream_.expires_after(options_.write_timeout);
    auto [ec, n] = co_await http::async_write_header(stream_, serializer, kTuple);
    if (ec) failed_ = true;
  }

  awaitable<bool> write(std::span<const char> bytes) override {
    if (failed_) co_return false;
    if (is_head_) co_return true;
    stream_.expires_after(options_.write_timeout);
    auto [ec, n] =
        co_await asio::async_write(stream_, asio::buffer(bytes.data(), bytes.size()), kTuple);
    if (ec) failed_ = true;
    co_return !failed_;
  }

  awaitable<bool> write_file(int fd, std::uint64_t offset, std::uint64_t length) override {
    if (failed_) co_return false;
    if (is_head_) co_return true;
    tcp::socket& socket = stream_.socket();
    socket.native_non_blocking(true);
    auto position = static_cast<off_t>(offset);
    std::uint64_t left = length;
    while (left > 0 && !failed_) {
      const ssize_t sent = ::sendfile(socket.native_handle(), fd, &position,
                                      std::min<std::uint64_t>(left, kSendfileChunk));
      if (sent > 0) {
        left -= static_cast<std::uint64_t>(sent);
      } else if (sent < 0 && errno == EAGAIN) {
        failed_ = !co_await wait_writable();
      } else {
        failed_ = true;  // the file shrank (sent == 0) or the socket broke
      }
    }
    co_return !failed_;
  }

  void abort() override { failed_ = true; }
  [[nodiscard]] bool started() const override { return started_; }
  [[nodiscard]] bool failed() const { return failed_; }

 private:
  awaitable<bool> wait_writable() {
    using namespace asio::experimental::awaitable_operators;
    asio::steady_timer timer{stream_.get_executor(), options_.write_timeout};
    auto result = co_await (stream_.socket().async_wait(tcp::socket::wait_write, kTuple) ||
                            timer.async_wait(kTuple));
    if (result.index() != 0) co_return false;  // the client stopped reading
    auto [ec] = std::get<0>(result);
    co_return !ec;
  }

  beast::tcp_stream& stream_;
  const HttpServerOptions& options_;
  HttpResponse common_;
  bool is_head_;
  bool keep_alive_;
  bool started_ = false;
  bool failed_ = false;
};

class BeastConnection final : public Connection {
 public:
  BeastConnection(tcp::socket socket, const HttpServerOptions& options, const HttpHandler& handler,
                  Log& log)
      : peer_(peer_of(socket)),
        stream_(std::move(socket)),
        options_(options),
        handler_(handler),
        log_(log) {}

  void request_close() override {
    closing_ = true;
    if (idle_) force_close();
  }

  void force_close() override {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.socket().close(ec);
  }

  awaitable<void> run() override {
    auto self = shared_from_this();
    bool first = true;
    while (!closing_) {
      std::optional<http::request<http::string_body>> message =
          co_await read_request(first ? options_.header_timeout : options_.idle_timeout);
      first = false;
      if (!message) break;
      const bool keep_alive = message->keep_alive();
      const bool is_head = message->method() == http::verb::head;
      HttpRequest request = to_request(*message, peer_);
      Exchange exchange{stream_, options_, is_head, keep_alive && !closing_};
      co_await handle(request, exchange);
      if (exchange.failed() || !keep_alive) break;
    }
    force_close();
  }

 private:
  awaitable<std::optional<http::request<http::string_body>>> read_request(
      std::chrono::seconds timeout) {
    http::request_parser<http::string_body> parser;
    parser.header_limit(static_cast<std::uint32_t>(options_.header_limit));
    parser.body_limit(kBodyLimit);
    stream_.expires_after(timeout);
    idle_ = true;
    auto [ec, n] = co_await http::async_read(stream_, buffer_, parser, kTuple);
    idle_ = false;
    if (!ec) co_return parser.release();
    if (ec == http::error::header_limit) {
      co_await reject(431, "HEADERS_TOO_LARGE", "Request headers are too large");
    } else if (ec == http::error::body_limit) {
      co_await reject(413, "BODY_TOO_LARGE", "This server takes no request bodies");
    } else if (is_malformed_request(ec)) {
      co_await reject(400, "BAD_REQUEST", "Malformed HTTP request");
    }
    co_return std::nullopt;
  }

  awaitable<void> reject(int status, std::string_view code, std::string_view message) {
    Exchange exchange{stream_, options_, false, false};
    co_await exchange.send(json_error(status, code, message));
  }

  awaitable<void> handle(const HttpRequest& request, Exchange& exchange) {
    std::exception_ptr failure;
    try {
      co_await handler_(request, exchange);
    } catch (...) {
      failure = std::current_exception();
    }
    if (failure) log_failure(request, failure);
    if (failure && exchange.started()) exchange.abort();
    if (!exchange.started()) {
      co_await exchange.send(json_error(500, "INTERNAL_ERROR", "Internal server error"));
    }
  }

  void log_failure(const HttpRequest& request, const std::exception_ptr& failure) {
    try {
      std::rethrow_exception(failure);
    } catch (const std::exception& e) {
      log_.error("{} {}: {}", request.method, request.path(), e.what());
    } catch (...) {
      log_.error("{} {}: unknown exception", request.method, request.path());
    }
  }

  std::string peer_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  const HttpServerOptions& options_;
  const HttpHandler& handler_;
  Log& log_;
  bool idle_ = false;
  bool closing_ = false;
};

}  // namespace

std::shared_ptr<Connection> make_connection(tcp::socket socket, const HttpServerOptions& options,
                                            const HttpHandler& handler, Log& log) {
  return std::make_shared<BeastConnection>(std::move(socket), options, handler, log);
}

}  // namespace tglink
