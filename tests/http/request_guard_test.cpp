// Who passes the rate limit without a token: only the converter's read of a live capability
// from a loopback peer that no proxy forwarded. A same-host proxy makes every client 127.0.0.1:
// those clients, whatever headers they send, are limited like any other.

#include "http/request_guard.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <gtest/gtest.h>

#include "support/fake_clock.hpp"

namespace tglink {
namespace {

namespace asio = boost::asio;

class NullChannel final : public ResponseChannel {
 public:
  int status = 0;
  void add_common_header(std::string, std::string) override {}
  asio::awaitable<void> send(HttpResponse r) override {
    status = r.status;
    co_return;
  }
  asio::awaitable<void> begin_body(HttpResponse head, std::uint64_t) override {
    status = head.status;
    co_return;
  }
  asio::awaitable<bool> write(std::span<const char>) override { co_return true; }
  asio::awaitable<bool> write_file(int, ByteRange) override { co_return false; }
  void abort() override {}
  [[nodiscard]] bool started() const override { return status != 0; }
  [[nodiscard]] std::uint64_t body_bytes_sent() const override { return 0; }
};

struct RequestGuardTest : ::testing::Test {
  testing::FakeClock clock;
  RateLimiter limiter{clock, RateLimitSettings{.per_minute = 1, .burst = 2}};
  SourceGrants grants;
  int routed = 0;
  RequestGuard guard{limiter,
                     {},
                     [this](const HttpRequest&, ResponseChannel& out) -> asio::awaitable<void> {
                       ++routed;
                       HttpResponse ok;  // named: GCC 12 frees a temporary wrongly across co_await
                       co_await out.send(std::move(ok));
                     },
                     &grants};

  int status_of(const std::string& peer, const std::string& path,
                std::vector<std::pair<std::string, std::string>> headers = {}) {
    HttpRequest request;
    request.method = "GET";
    request.target = path;
    request.peer_address = peer;
    for (auto& [name, value] : headers) request.headers.emplace_back(name, value);
    NullChannel channel;
    asio::io_context io;
    auto done = asio::co_spawn(io, guard(request, channel), asio::use_future);
    io.run();
    done.get();
    return channel.status;
  }
};

TEST_F(RequestGuardTest, AnyHeaderFromLoopbackIsLimitedLikeAnyOtherClient) {
  const std::vector<std::pair<std::string, std::string>> old_header{
      {"X-Tglink-Internal", "0123456789abcdef0123456789abcdef"}};
  EXPECT_EQ(status_of("127.0.0.1", "/stream/T", old_header), 200);
  EXPECT_EQ(status_of("127.0.0.1", "/stream/T", old_header), 200);
  EXPECT_EQ(status_of("127.0.0.1", "/stream/T", old_header), 429);
  EXPECT_EQ(status_of("127.0.0.1", "/source/0123", old_header), 429);
  EXPECT_EQ(routed, 2);
}

TEST_F(RequestGuardTest, TheConverterReadsItsLiveCapabilityWithoutATokenAndNothingElse) {
  const SourceLease lease(grants, 7);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(status_of("127.0.0.1", lease.path()), 200);
  EXPECT_EQ(routed, 5);
  // The same capability through a same-host proxy, or from elsewhere, takes tokens.
  EXPECT_EQ(status_of("127.0.0.1", lease.path(), {{"X-Forwarded-For", "198.51.100.7"}}), 200);
  EXPECT_EQ(status_of("127.0.0.1", lease.path(), {{"Via", "1.1 caddy"}}), 200);
  EXPECT_EQ(status_of("127.0.0.1", lease.path(), {{"Forwarded", "for=198.51.100.7"}}), 429);
  EXPECT_EQ(status_of("127.0.0.1", "/source/" + std::string(64, '0')), 429);
  EXPECT_EQ(status_of("203.0.113.9", lease.path()), 200);  // its own bucket
}

TEST(SourceGrants, ACapabilityReadsOneFileUntilItsRunIsOver) {
  SourceGrants grants;
  HttpRequest request;
  request.method = "GET";
  request.peer_address = "::1";
  std::string path;
  {
    const SourceLease lease(grants, 7);
    path = lease.path();
    EXPECT_EQ(path.size(), std::string("/source/").size() + 64);
    request.target = path;
    EXPECT_EQ(grants.accepts(request), 7);
    request.target = path + "x";
    EXPECT_EQ(grants.accepts(request), std::nullopt);
    request.target = "/stream/" + path.substr(8);
    EXPECT_EQ(grants.accepts(request), std::nullopt);
    request.target = path;
    request.method = "POST";
    EXPECT_EQ(grants.accepts(request), std::nullopt);
    request.method = "GET";
    const SourceLease other(grants, 7);
    EXPECT_NE(other.path(), path);  // every run its own
    EXPECT_EQ(grants.live(), 2u);
  }
  EXPECT_EQ(grants.live(), 0u);
  EXPECT_EQ(grants.accepts(request), std::nullopt);
}

}  // namespace
}  // namespace tglink
