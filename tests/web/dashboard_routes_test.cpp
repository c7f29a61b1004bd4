// The dashboard's /admin routes: a link opens once into a session cookie and a redirect, the page
// and its data need that session, everything refused is the same 404, and the routes' own rate
// limit answers 429.
#include "web/dashboard_routes.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <gtest/gtest.h>

#include "logging/log.hpp"
#include "store/sqlite_store.hpp"
#include "support/fake_clock.hpp"
#include "support/recording_channel.hpp"

namespace tglink {
namespace {

namespace asio = boost::asio;
using namespace std::chrono_literals;

constexpr std::int64_t kAdmin = 77;

class DashboardRoutesTest : public ::testing::Test {
 protected:
  DashboardRoutesTest() { routes.add_to(router); }

  HttpResponse get(const std::string& target, const std::string& cookie = "",
                   const std::string& client = "192.0.2.1", const std::string& method = "GET") {
    HttpRequest request;
    request.method = method;
    request.target = target;
    request.client_address = client;
    if (!cookie.empty()) request.headers.emplace_back("Cookie", cookie);
    testing::RecordingChannel channel;
    asio::io_context io;
    auto done = asio::co_spawn(io, router.dispatch(request, channel), asio::use_future);
    io.run();
    done.get();
    return channel.response().value_or(HttpResponse{});
  }

  // The cookie a link's opening set, as a browser sends it back.
  std::string open(const std::string& token) {
    const HttpResponse opened = get("/admin/" + token);
    const std::string set_cookie(opened.header("Set-Cookie").value_or(""));
    return set_cookie.substr(0, set_cookie.find(';'));
  }

  testing::FakeClock clock{testing::utc(2026, 11, 27, 12)};
  LinkTokenCodec links{"routes test key"};
  Log log{LogOptions{.console_level = LogLevel::Info, .ring_capacity = 10, .console = false}};
  SqliteStore store{":memory:"};
  StoreExecutor store_work{StoreExecutor::Mode::kInline, log};
  DashboardAccess access{links, clock, DashboardAccessSettings{{kAdmin}, 15min, 8h}};
  RateLimiter limiter{clock, RateLimitSettings{.per_minute = 60, .burst = 10}};
  DashboardRoutes routes{DashboardRouteDeps{
      access, store, store_work, limiter, "/player/assets/v1", true,
      []() -> asio::awaitable<std::string> { co_return R"({"status":"success"})"; }}};
  Router router;
};

TEST_F(DashboardRoutesTest, ALinkOpensOnceIntoASecureCookieAndTheDashboard) {
  const std::string token = access.issue_link(kAdmin);
  EXPECT_EQ(get("/admin/" + token, "", "192.0.2.1", "HEAD").status, 404);  // not used up
  const HttpResponse opened = get("/admin/" + token);
  EXPECT_EQ(opened.status, 303);
  EXPECT_EQ(opened.header("Location"), "/admin/dashboard");
  const std::string cookie(opened.header("Set-Cookie").value_or(""));
  EXPECT_TRUE(cookie.starts_with("tglink_dashboard=")) << cookie;
  EXPECT_NE(cookie.find("; HttpOnly; SameSite=Strict; Secure"), std::string::npos) << cookie;
  EXPECT_EQ(opened.header("Cache-Control"), "no-store");
  EXPECT_EQ(get("/admin/" + token).status, 404);  // the second time

  const std::string session = cookie.substr(0, cookie.find(';'));
  const HttpResponse page = get("/admin/dashboard", "theme=dark; " + session);
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("/player/assets/v1/dashboard.js"), std::string::npos);
  EXPECT_NE(page.body.find("data-source=\"/admin/data\""), std::string::npos);
  const std::string csp(page.header("Content-Security-Policy").value_or(""));
  EXPECT_NE(csp.find("script-src 'self'"), std::string::npos) << csp;
  EXPECT_EQ(csp.find("http"), std::string::npos) << csp;
  const HttpResponse data = get("/admin/data", session);
  EXPECT_EQ(data.status, 200);
  EXPECT_EQ(data.body, R"({"status":"success"})");
}

TEST_F(DashboardRoutesTest, EverythingRefusedIsTheSame404) {
  const HttpResponse unknown = get("/admin/not-a-token");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(get("/admin/dashboard").status, 404);
  EXPECT_EQ(get("/admin/data", "tglink_dashboard=forged").status, 404);
  EXPECT_EQ(get("/admin/").status, 404);
  EXPECT_EQ(get("/admin/dashboard").body, unknown.body);
  // A session ended by /dashboard off.
  const std::string session = open(access.issue_link(kAdmin));
  EXPECT_EQ(get("/admin/data", session).status, 200);
  clock.advance(1s);
  access.end_sessions(store);
  EXPECT_EQ(get("/admin/data", session).status, 404);
}

TEST_F(DashboardRoutesTest, TheRoutesHaveARateLimitOfTheirOwnPerClient) {
  for (int i = 0; i < 10; ++i) EXPECT_EQ(get("/admin/guess" + std::to_string(i)).status, 404);
  const HttpResponse refused = get("/admin/guess");
  EXPECT_EQ(refused.status, 429);
  EXPECT_TRUE(refused.header("Retry-After").has_value());
  EXPECT_EQ(get("/admin/guess", "", "198.51.100.7").status, 404);  // another client
  clock.advance(1min);
  EXPECT_EQ(get("/admin/guess").status, 404);
}

}  // namespace
}  // namespace tglink
