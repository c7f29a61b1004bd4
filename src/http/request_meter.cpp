#include "http/request_meter.hpp"

namespace tglink {

namespace {

// Passes everything through and tells the meter what reached the connection.
class MeteredChannel final : public ResponseChannel {
 public:
  MeteredChannel(ResponseChannel& inner, std::string route, RequestMeter& meter)
      : inner_(inner), route_(std::move(route)), meter_(meter) {}

  void add_common_header(std::string name, std::string value) override {
    inner_.add_common_header(std::move(name), std::move(value));
  }
  boost::asio::awaitable<void> send(HttpResponse response) override {
    meter_.responded(route_, response.status);
    const std::uint64_t before = inner_.body_bytes_sent();
    co_await inner_.send(std::move(response));
    count_since(before);
  }
  boost::asio::awaitable<void> begin_body(HttpResponse head,
                                          std::uint64_t content_length) override {
    meter_.responded(route_, head.status);
    co_await inner_.begin_body(std::move(head), content_length);
  }
  boost::asio::awaitable<bool> write(std::span<const char> bytes) override {
    const std::uint64_t before = inner_.body_bytes_sent();
    const bool ok = co_await inner_.write(bytes);
    count_since(before);
    co_return ok;
  }
  boost::asio::awaitable<bool> write_file(int fd, ByteRange bytes) override {
    const std::uint64_t before = inner_.body_bytes_sent();
    const bool ok = co_await inner_.write_file(fd, bytes);
    count_since(before);
    co_return ok;
  }
  [[nodiscard]] std::uint64_t body_bytes_sent() const override { return inner_.body_bytes_sent(); }
  void abort() override { inner_.abort(); }
  [[nodiscard]] bool started() const override { return inner_.started(); }

 private:
  void count_since(std::uint64_t before) {
    const std::uint64_t after = inner_.body_bytes_sent();
    if (after > before) meter_.body_sent(route_, after - before);
  }

  ResponseChannel& inner_;
  std::string route_;
  RequestMeter& meter_;
};

// A named type rather than a coroutine lambda: the frame refers to these members, which live
// in the HttpHandler for as long as the server does.
struct MeteredHandler {
  HttpHandler next;
  RouteNamer route_of;
  RequestMeter* meter;

  boost::asio::awaitable<void> operator()(const HttpRequest& request,
                                          ResponseChannel& channel) const {
    MeteredChannel metered(channel, route_of(request), *meter);
    co_await next(request, metered);
  }
};

}  // namespace

HttpHandler metered_handler(HttpHandler next, RouteNamer route_of, RequestMeter& meter) {
  return MeteredHandler{std::move(next), std::move(route_of), &meter};
}

}  // namespace tglink
