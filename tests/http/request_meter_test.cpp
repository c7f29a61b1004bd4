// metered_handler: every response is counted under its route name with its status, and body
// bytes as they reach the connection (a client that leaves early is counted for what it got).
#include "http/request_meter.hpp"

#include <map>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <gtest/gtest.h>

#include "http/router.hpp"
#include "support/recording_channel.hpp"

namespace tglink {
namespace {

namespace asio = boost::asio;

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
  testing::RecordingChannel first;
  run(f.handler, "/dl/token-one/file.mkv", first);
  testing::RecordingChannel second;
  run(f.handler, "/dl/token-two", second);
  testing::RecordingChannel info;
  run(f.handler, "/api/info", info);
  EXPECT_EQ((f.meter.responses[{"/dl", 206}]), 2);
  EXPECT_EQ(f.meter.bytes["/dl"], 6000u);
  EXPECT_EQ((f.meter.responses[{"/api/info", 200}]), 1);
  EXPECT_EQ(f.meter.bytes["/api/info"], 2u);
}

TEST(RequestMeterTest, UnknownPathsShareOneRouteName) {
  MeterFixture f;
  testing::RecordingChannel a;
  run(f.handler, "/no/such/page", a);
  testing::RecordingChannel b;
  run(f.handler, "/another-" + std::string(100, 'z'), b);
  EXPECT_EQ((f.meter.responses[{"other", 404}]), 2);
  EXPECT_EQ(f.meter.responses.size(), 1u);
}

TEST(RequestMeterTest, AClientThatLeavesIsCountedForWhatItGot) {
  MeterFixture f;
  testing::RecordingChannel leaves{{.capacity = 1500}};
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
