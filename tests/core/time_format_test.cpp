#include "core/time_format.hpp"

#include <regex>

#include <gtest/gtest.h>

namespace tglink {
namespace {

using std::chrono::seconds;
using namespace std::chrono_literals;

SystemTime utc(int y, unsigned m, unsigned d, int hh = 0, int mm = 0, int ss = 0) {
  const std::chrono::sys_days day{std::chrono::year{y} / m / d};
  return SystemTime{day} + std::chrono::hours{hh} + std::chrono::minutes{mm} + seconds{ss};
}

TEST(FormatUptime, AlwaysHasAllFourFields) {
  EXPECT_EQ(format_uptime(0s), "0d 0h 0m 0s");
  EXPECT_EQ(format_uptime(59s), "0d 0h 0m 59s");
  EXPECT_EQ(format_uptime(seconds{86400 + 3600 * 2 + 60 * 3 + 4}), "1d 2h 3m 4s");
  EXPECT_EQ(format_uptime(seconds{86400 * 400}), "400d 0h 0m 0s");
}

TEST(FormatUptime, NegativeIsZero) { EXPECT_EQ(format_uptime(-5s), "0d 0h 0m 0s"); }

TEST(FormatIso8601, HasMicrosecondsAndZ) {
  const SystemTime t = utc(2026, 11, 21, 21, 55, 7) + std::chrono::microseconds{123456};
  EXPECT_EQ(format_iso8601_utc(t), "2026-11-21T21:55:07.123456Z");
}

TEST(FormatIso8601, MatchesTheSpecShapeForNow) {
  const std::regex shape{R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)"};
  EXPECT_TRUE(std::regex_match(format_iso8601_utc(std::chrono::system_clock::now()), shape));
}

TEST(FormatIso8601, BeforeTheEpochStaysValid) {
  EXPECT_EQ(format_iso8601_utc(utc(1969, 12, 31, 23, 59, 59)), "1969-12-31T23:59:59.000000Z");
}

TEST(MonthAndDay, AreUtc) {
  EXPECT_EQ(format_month_utc(utc(2026, 1, 31, 23, 59, 59)), "2026-01");
  EXPECT_EQ(format_month_utc(utc(2026, 2, 1)), "2026-02");
  EXPECT_EQ(format_day_utc(utc(2026, 3, 9, 12)), "2026-03-09");
}

TEST(Boundaries, NextMidnightAndMonth) {
  EXPECT_EQ(next_utc_midnight(utc(2026, 12, 31, 18)), utc(2027, 1, 1));
  EXPECT_EQ(next_utc_midnight(utc(2026, 5, 5)), utc(2026, 5, 6));
  EXPECT_EQ(next_utc_month(utc(2026, 12, 15)), utc(2027, 1, 1));
  EXPECT_EQ(next_utc_month(utc(2028, 2, 29, 23)), utc(2028, 3, 1));
}

TEST(DurationHuman, PicksTheLargestExactUnit) {
  EXPECT_EQ(format_duration_human(86400s), "1 day");
  EXPECT_EQ(format_duration_human(seconds{86400 * 7}), "7 days");
  EXPECT_EQ(format_duration_human(seconds{3600 * 36}), "36 hours");
  EXPECT_EQ(format_duration_human(3600s), "1 hour");
  EXPECT_EQ(format_duration_human(1800s), "30 minutes");
  EXPECT_EQ(format_duration_human(90s), "90 seconds");
}

TEST(Countdown, IsCompact) {
  EXPECT_EQ(format_countdown(5s), "5s");
  EXPECT_EQ(format_countdown(125s), "2m 5s");
  EXPECT_EQ(format_countdown(seconds{3 * 3600 + 12 * 60 + 9}), "3h 12m");
}

}  // namespace
}  // namespace tglink
