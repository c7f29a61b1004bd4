#include "dashboard/session_cookie.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

using namespace std::chrono_literals;

TEST(DashboardSessionCookie, IsHttpOnlyStrictAndScopedToTheDashboard) {
  EXPECT_EQ(dashboard_session_cookie("TOKEN", 8h, false),
            "tglink_dashboard=TOKEN; Path=/admin; Max-Age=28800; HttpOnly; SameSite=Strict");
}

TEST(DashboardSessionCookie, IsSecureWhenBaseUrlIsHttps) {
  EXPECT_EQ(dashboard_session_cookie("T", 1h, true),
            "tglink_dashboard=T; Path=/admin; Max-Age=3600; HttpOnly; SameSite=Strict; Secure");
}

TEST(DashboardSessionCookie, IsFoundAmongOtherCookies) {
  EXPECT_EQ(dashboard_session_from("tglink_dashboard=abc"), "abc");
  EXPECT_EQ(dashboard_session_from("a=1; tglink_dashboard=abc-_9;b=2"), "abc-_9");
  EXPECT_EQ(dashboard_session_from("  tglink_dashboard = abc  "), "abc");
  EXPECT_FALSE(dashboard_session_from(""));
  EXPECT_FALSE(dashboard_session_from("tglink_dashboard="));
  EXPECT_FALSE(dashboard_session_from("xtglink_dashboard=abc; tglink_dashboards=abc"));
  EXPECT_FALSE(dashboard_session_from("tglink_dashboard"));
}

}  // namespace
}  // namespace tglink
