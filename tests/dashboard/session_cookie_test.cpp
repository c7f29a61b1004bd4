#include "dashboard/session_cookie.hpp"

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;
using testing::expect_results;

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
  expect_results(dashboard_session_from, {{"tglink_dashboard=abc", "abc"},
                                          {"a=1; tglink_dashboard=abc-_9;b=2", "abc-_9"},
                                          {"  tglink_dashboard = abc  ", "abc"}});
  expect_false_for(dashboard_session_from,
                   {"", "tglink_dashboard=", "xtglink_dashboard=abc; tglink_dashboards=abc",
                    "tglink_dashboard"});
}

}  // namespace
}  // namespace tglink
