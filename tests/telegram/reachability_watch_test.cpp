// One WARNING per spell of 60 s without Telegram: from start, or after losing it.
#include "telegram/reachability_watch.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tglink {
namespace {

using ::testing::HasSubstr;
using namespace std::chrono_literals;

const SteadyTime kStart{std::chrono::hours(1000)};

TEST(ReachabilityWatchTest, ABotThatNeverConnectsIsReportedOnceAfterTheGrace) {
  ReachabilityWatch watch(2, kStart);
  watch.update(1, true, kStart + 5s);
  EXPECT_TRUE(watch.overdue(kStart + 59s).empty());
  const std::vector<UnreachedBot> late = watch.overdue(kStart + 60s);
  ASSERT_EQ(late.size(), 1u);
  EXPECT_EQ(late[0].index, 0u);
  EXPECT_FALSE(late[0].ever_reached);
  EXPECT_TRUE(watch.overdue(kStart + 600s).empty());  // one warning per spell
}

TEST(ReachabilityWatchTest, ALostConnectionIsReportedAfterTheGraceAndAgainNextTime) {
  ReachabilityWatch watch(1, kStart);
  watch.update(0, true, kStart + 1s);
  watch.update(0, false, kStart + 100s);
  watch.update(0, false, kStart + 130s);  // still down: the spell started at 100 s
  EXPECT_TRUE(watch.overdue(kStart + 159s).empty());
  const std::vector<UnreachedBot> late = watch.overdue(kStart + 160s);
  ASSERT_EQ(late.size(), 1u);
  EXPECT_TRUE(late[0].ever_reached);
  watch.update(0, true, kStart + 200s);
  watch.update(0, false, kStart + 300s);
  EXPECT_EQ(watch.overdue(kStart + 360s).size(), 1u);
}

TEST(ReachabilityWatchTest, ABotBackInTimeIsNotReported) {
  ReachabilityWatch watch(1, kStart);
  watch.update(0, true, kStart + 1s);
  watch.update(0, false, kStart + 10s);
  watch.update(0, true, kStart + 50s);
  EXPECT_TRUE(watch.overdue(kStart + 500s).empty());
}

TEST(ReachabilityWatchTest, TheWarningSaysWhatToCheck) {
  const std::string direct =
      unreached_warning("main bot", UnreachedBot{0, false}, 60s, "connecting", "");
  EXPECT_THAT(direct, HasSubstr("main bot has not reached Telegram in the 60 s since start"));
  EXPECT_THAT(direct, HasSubstr("network"));
  EXPECT_THAT(direct, HasSubstr("DNS"));
  EXPECT_THAT(direct, HasSubstr("TELEGRAM_PROXY is not set"));
  const std::string proxied = unreached_warning("additional bot #1", UnreachedBot{1, true}, 60s,
                                                "connecting_to_proxy", "socks5://u:***@h:1");
  EXPECT_THAT(proxied, HasSubstr("lost its connection"));
  EXPECT_THAT(proxied, HasSubstr("TELEGRAM_PROXY=socks5://u:***@h:1"));
  EXPECT_THAT(proxied, HasSubstr("connecting_to_proxy"));
}

}  // namespace
}  // namespace tglink
