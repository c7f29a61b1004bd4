// metered_handler: every response is counted under its route name with its status, and body
// bytes as they reach the connection (a client that leaves early is counted for what it got).
#include "http/request_meter.hpp"

#include <map>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <gtest/gtest.h>

#include "http/router.hpp"

namespace tglink {
namespace {

namespace asio = boost::asio;

// Takes up to `capacity` body bytes, like a client that then goes away.
class LimitedChannel final : public ResponseChannel {
 public:
  explicit LimitedChannel(std::uint64_t capacity = 1 << 30) : capacity_(capacity) {}
  void add_common_header(std::string, std::string) override {}
  asio::awaitable<void> send(HttpResponse response) override { co_await write(response.body); }
  asio::awaitable<void> begin_body(HttpResponse, std::uint64_t) override { co_return; }
  asio::awaitable<bool> write(std::span<const char> bytes) override {
    co_return take(bytes.size());
  }
  asio::awaitable<bool> write_file(int, ByteRange bytes) override {
    co_return take(bytes.length());
  }
  void abort() override {}
  [[nodiscard]] bool started() const override { return true; }
  [[nodiscard]] std::uint64_t body_bytes_sent() const override { return sent_; }

 private:
  bool take(std::uint64_t length) {
    const std::uint64_t taken = std::min(length, capacity_ - sent_);
    sent_ += taken;
    return taken == length;
  }
  std::uint64_t capacity_;
  std::uint64_t sent_ = 0;
};

struct CountingMeter final : RequestMeter {
  std::map<std::pair<std::string, int>, int> responses;
  std::map<std::string, std::uint64_t> bytes;
  void responded(std::string_view route, int status) override {
    ++responses[{std::string(route), status}];
  }
  void body_sent(std::string_view route, std::uint64_t count) override {
    bytes[std::string(route)] += count;
  }
};

void run(const HttpHandler& handler, const std::string& target, ResponseChannel& channel) {
  asio::io_context io;
  HttpRequest request;
  request.method = "GET";
  request.target = target;
  auto done = asio::co_spawn(io, handler(request, channel), asio::use_future);
  io.run();
  done.get();
}

struct MeterFixture {
  Router router;
  CountingMeter meter;
  HttpHandler handler;
  MeterFixture() {
    router.add_prefix("/dl/",
                      [](const HttpRequest&, ResponseChannel& out) -> asio::awaitable<void> {
                        HttpResponse head;
                        head.status = 206;
                        co_await out.begin_body(head, 3000);
                        const std::string chunk(1000, 'x');
                        for (int i = 0; i < 3; ++i) {
                          if (!co_await out.write(chunk)) co_return;
                        }
                      });
    router.add_exact("/api/info", [](const HttpRequest&, ResponseChannel& out) {
      return out.send(json_response(200, "{}"));
    });
    handler = metered_handler(
        [this](const HttpRequest& r, ResponseChannel& c) { return router.dispatch(r, c); },
        [this](const HttpRequest& r) { return router.route_name(r.path()); }, meter);
  }
};

TEST(RequestMeterTest, CountsStatusAndBodyBytesByRouteName) {
  MeterFixture f;
  LimitedChannel first;
  run(f.handler, "/dl/token-one/file.mkv", first);
  LimitedChannel second;
  run(f.handler, "/dl/token-two", second);
  LimitedChannel info;
  run(f.handler, "/api/info", info);
  EXPECT_EQ((f.meter.responses[{"/dl", 206}]), 2);
  EXPECT_EQ(f.meter.bytes["/dl"], 6000u);
  EXPECT_EQ((f.meter.responses[{"/api/info", 200}]), 1);
  EXPECT_EQ(f.meter.bytes["/api/info"], 2u);
}

TEST(RequestMeterTest, UnknownPathsShareOneRouteName) {
  MeterFixture f;
  LimitedChannel a;
  run(f.handler, "/no/such/page", a);
  LimitedChannel b;
  run(f.handler, "/another-" + std::string(100, 'z'), b);
  EXPECT_EQ((f.meter.responses[{"other", 404}]), 2);
  EXPECT_EQ(f.meter.responses.size(), 1u);
}

TEST(RequestMeterTest, AClientThatLeavesIsCountedForWhatItGot) {
  MeterFixture f;
  LimitedChannel leaves(1500);
  run(f.handler, "/dl/token", leaves);
  EXPECT_EQ(f.meter.bytes["/dl"], 1500u);
}

TEST(RequestMeterTest, RouteNamesDropTheTrailingSlash) {
  Router router;
  const HttpHandler none = [](const HttpRequest&, ResponseChannel&) -> asio::awaitable<void> {
    co_return;
  };
  router.add_prefix("/stream/", none);
  router.add_prefix("/player/assets/", none);
  router.add_exact("/player", none);
  EXPECT_EQ(router.route_name("/stream/abc/x.mp4"), "/stream");
  EXPECT_EQ(router.route_name("/player/assets/app.js"), "/player/assets");
  EXPECT_EQ(router.route_name("/player"), "/player");
  EXPECT_EQ(router.route_name("/"), "other");
}

}  // namespace
}  // namespace tglink
