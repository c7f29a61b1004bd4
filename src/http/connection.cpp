#include "http/connection.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>

#include "http/http_response.hpp"
#include "http/request_framing.hpp"
#include "http/request_reader.hpp"
#include "http/socket_writer.hpp"
#include "logging/log.hpp"

namespace tglink {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using asio::ip::tcp;
constexpr auto kTuple = asio::as_tuple(asio::use_awaitable);
// A request read far enough to be answered, or refused (HttpRequest::rejection).
struct IncomingRequest {
  HttpRequest request;
  bool keep_alive = false;
  bool is_head = false;
};

std::string peer_of(const tcp::socket& socket) {
  beast::error_code ec;
  const tcp::endpoint endpoint = socket.remote_endpoint(ec);
  return ec ? std::string("unknown") : endpoint.address().to_string();
}

// Who the client of an exchange is, for the one line logged when it stops reading.
struct ClientLog {
  const std::string& peer;
  Log& log;
};

// The ResponseChannel of one request on one connection.
class Exchange final : public ResponseChannel {
 public:
  Exchange(beast::tcp_stream& stream, SendLane& lane, const HttpServerOptions& options,
           ClientLog client, bool is_head, bool keep_alive)
      : options_(options),
        client_(client),
        writer_(stream.socket(), lane, options.write_timeout),
        is_head_(is_head),
        keep_alive_(keep_alive) {}

  void add_common_header(std::string name, std::string value) override {
    common_.set_header(name, std::move(value));
  }

  awaitable<void> send(HttpResponse response) override {
    const std::uint64_t length = response.body.size();
    co_await begin_body(response, length);
    if (!is_head_ && length > 0) co_await write(response.body);
  }

  // The head of an answer whose body follows is handed over with MSG_MORE: the kernel holds it
  // (200 ms at most) and sends it in one packet with the body's first bytes, from memory or from
  // sendfile, where it went out as a packet of its own.
  awaitable<void> begin_body(HttpResponse head, std::uint64_t content_length) override {
    const std::string bytes = start(head, content_length);
    const bool body_follows = !is_head_ && content_length > 0;
    const std::uint64_t written = co_await writer_.write(bytes, body_follows);
    if (written < bytes.size()) failed_ = true;
  }

  awaitable<bool> write(std::span<const char> bytes) override {
    if (failed_) co_return false;
    if (is_head_) co_return true;
    const std::uint64_t written = co_await writer_.write(bytes);
    co_return record(written, bytes.size());
  }

  awaitable<bool> write_file(int fd, ByteRange bytes) override {
    if (failed_) co_return false;
    if (is_head_) co_return true;
    const std::uint64_t written = co_await writer_.write_file(fd, bytes);
    co_return record(written, bytes.length());
  }

  void abort() override { failed_ = true; }
  [[nodiscard]] bool started() const override { return started_; }
  [[nodiscard]] std::uint64_t body_bytes_sent() const override { return body_sent_; }
  [[nodiscard]] bool failed() const { return failed_; }

 private:
  // The head's bytes: status line, the common and the answer's own fields, Content-Length.
  std::string start(const HttpResponse& head, std::uint64_t content_length) {
    started_ = true;
    body_length_ = content_length;
    http::response<http::empty_body> message{static_cast<http::status>(head.status), 11};
    message.set(http::field::server, "tglink");
    for (const auto& [name, value] : common_.headers) message.set(name, value);
    for (const auto& [name, value] : head.headers) message.set(name, value);
    if (sends_content_length(head.status)) {
      message.set(http::field::content_length, std::to_string(content_length));
    }
    message.keep_alive(keep_alive_);
    const http::fields::writer fields{message.base(), message.version(), message.result_int()};
    return beast::buffers_to_string(fields.get());
  }

  // Counts what a body write handed to the kernel; false (and the exchange failed) when that was
  // not all of it. A client that stopped reading is logged once, here.
  bool record(std::uint64_t written, std::uint64_t wanted) {
    body_sent_ += written;
    if (written == wanted) return true;
    failed_ = true;
    if (writer_.client_stalled()) {
      client_.log.info("Client {} read nothing for {} s; closing after {} of {} body bytes",
                       client_.peer, options_.write_timeout.count(), body_sent_, body_length_);
    }
    return false;
  }

  const HttpServerOptions& options_;
  ClientLog client_;
  SocketWriter writer_;
  HttpResponse common_;
  bool is_head_;
  bool keep_alive_;
  bool started_ = false;
  bool failed_ = false;
  std::uint64_t body_length_ = 0;
  std::uint64_t body_sent_ = 0;
};

class BeastConnection final : public Connection {
 public:
  BeastConnection(tcp::socket socket, SendLane& lane, const HttpServerOptions& options,
                  const HttpHandler& handler, Log& log)
      : peer_(peer_of(socket)),
        stream_(std::move(socket)),
        lane_(lane),
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
      std::optional<IncomingRequest> incoming =
          co_await read_request(first ? options_.header_timeout : options_.idle_timeout);
      first = false;
      if (!incoming) break;
      const bool keep_alive = incoming->keep_alive && !incoming->request.rejection;
      Exchange exchange{stream_,           lane_,
                        options_,          ClientLog{peer_, log_},
                        incoming->is_head, keep_alive && !closing_};
      co_await handle(incoming->request, exchange);
      if (exchange.failed() || !keep_alive) break;
    }
    force_close();
  }

 private:
  // The next request, or nothing when the client went away or timed out. The head is checked
  // (http/request_framing.hpp) before any body byte is read, so a request whose length is in
  // doubt is refused instead of being guessed at.
  awaitable<std::optional<IncomingRequest>> read_request(std::chrono::seconds timeout) {
    RequestParser parser;
    apply_request_limits(parser, options_.header_limit);
    stream_.expires_after(timeout);
    idle_ = true;
    auto [ec, header_bytes] = co_await http::async_read_header(stream_, buffer_, parser, kTuple);
    if (!ec) ec = check_header_size(header_bytes, options_.header_limit);
    idle_ = false;
    if (ec) co_return refused_for(ec, IncomingRequest{});
    const RequestMessage& message = parser.get();
    IncomingRequest incoming{to_request(message, peer_), message.keep_alive(),
                             message.method() == http::verb::head};
    const FramingDecision framing =
        check_request_framing(RequestHead{message.version(), incoming.request.headers});
    if (framing.refusal) {
      incoming.request.rejection = json_error(framing.refusal->status, framing.refusal->error_code,
                                              framing.refusal->message);
      co_return incoming;
    }
    if (parser.is_done()) co_return incoming;
    if (framing.expects_continue) {
      const bool sent = co_await send_continue();
      if (!sent) co_return std::nullopt;
    }
    // The body is read whole (within kRequestBodyLimit), so the next request starts after it;
    // POST /api/playback reads it, every other route ignores it.
    stream_.expires_after(options_.header_timeout);
    auto [body_ec, body_n] = co_await http::async_read(stream_, buffer_, parser, kTuple);
    if (body_ec) co_return refused_for(body_ec, std::move(incoming));
    incoming.request.body = std::move(parser.get().body());
    co_return incoming;
  }

  // `read_so_far` refused for `ec`, or nothing when the client went away or timed out. What
  // was read of it (nothing when the head itself failed) still informs the answer.
  std::optional<IncomingRequest> refused_for(const beast::error_code& ec,
                                             IncomingRequest read_so_far) {
    HttpRequest& request = read_so_far.request;
    request.peer_address = peer_;
    request.client_address = peer_;
    const std::optional<ReadRejection> rejection = rejection_for(ec);
    if (!rejection) return std::nullopt;
    request.rejection = json_error(rejection->status, rejection->code, rejection->message);
    read_so_far.keep_alive = false;
    return read_so_far;
  }

  // "100 Continue" (RFC 9110 §15.2.1): the client may now send the body it announced.
  awaitable<bool> send_continue() {
    http::response<http::empty_body> interim{http::status::continue_, 11};
    stream_.expires_after(options_.write_timeout);
    auto [ec, n] = co_await http::async_write(stream_, interim, kTuple);
    co_return !ec;
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
      // A rejection is sent even by a handler that forgot it: it must never be served.
      HttpResponse fallback = json_error(500, "INTERNAL_ERROR", "Internal server error");
      if (request.rejection) fallback = *request.rejection;
      co_await exchange.send(std::move(fallback));
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
  SendLane& lane_;
  const HttpServerOptions& options_;
  const HttpHandler& handler_;
  Log& log_;
  bool idle_ = false;
  bool closing_ = false;
};

}  // namespace

std::shared_ptr<Connection> make_connection(tcp::socket socket, SendLane& lane,
                                            const HttpServerOptions& options,
                                            const HttpHandler& handler, Log& log) {
  return std::make_shared<BeastConnection>(std::move(socket), lane, options, handler, log);
}

}  // namespace tglink
