#include "dashboard/minute_ring.hpp"

#include <gtest/gtest.h>

#include "support/fake_clock.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;
using testing::utc;

std::int64_t unix_of(SystemTime time) {
  return std::chrono::duration_cast<std::chrono::seconds>(time.time_since_epoch()).count();
}

TEST(MinuteRing, CountsEachMinuteOfTheLastDayOldestFirst) {
  MinuteRing ring;
  const SystemTime noon = utc(2026, 11, 27, 12);
  ring.add(noon + 5s, 1, 100);
  ring.add(noon + 59s, 1, 50);
  ring.add(noon + 60s, 1, 7);
  ring.add(noon - 23h - 58min, 4, 4);  // the day's first minute, seen from 12:01
  ring.add(noon - 23h - 59min, 2, 2);  // a day before 12:01: its slot holds 12:01 now
  const std::vector<MinuteCount> day = ring.last_day(noon + 90s);
  ASSERT_EQ(day.size(), MinuteRing::kMinutes);
  EXPECT_EQ(day.front(), (MinuteCount{unix_of(noon - 23h - 58min), 4, 4}));
  EXPECT_EQ(day[day.size() - 2], (MinuteCount{unix_of(noon), 2, 150}));
  EXPECT_EQ(day.back(), (MinuteCount{unix_of(noon + 60s), 1, 7}));
  std::int64_t requests = 0;
  for (const MinuteCount& minute : day) requests += minute.requests;
  EXPECT_EQ(requests, 7);
}

TEST(MinuteRing, AMinuteADayLaterReusesTheSlotFromZero) {
  MinuteRing ring;
  const SystemTime start = utc(2026, 11, 27, 12);
  ring.add(start, 5, 500);
  ring.add(start + 24h, 1, 1);
  const std::vector<MinuteCount> day = ring.last_day(start + 24h);
  EXPECT_EQ(day.back(), (MinuteCount{unix_of(start + 24h), 1, 1}));
  EXPECT_EQ(day.front(), (MinuteCount{unix_of(start + 1min), 0, 0}));
}

TEST(MinuteRing, TakesWhatWasAddedSinceTheLastTakeOnly) {
  MinuteRing ring;
  const SystemTime noon = utc(2026, 11, 27, 12);
  ring.add(noon, 2, 20);
  EXPECT_EQ(ring.take_unsaved(), (std::vector<MinuteCount>{{unix_of(noon), 2, 20}}));
  EXPECT_TRUE(ring.take_unsaved().empty());
  ring.add(noon + 10s, 1, 5);
  EXPECT_EQ(ring.take_unsaved(), (std::vector<MinuteCount>{{unix_of(noon), 1, 5}}));
}

TEST(MinuteRing, LoadsKeptMinutesAsSavedAndDropsOldOnes) {
  MinuteRing ring;
  const SystemTime noon = utc(2026, 11, 27, 12);
  ring.load({{unix_of(noon - 1min), 4, 40}, {unix_of(noon - 25h), 9, 9}}, noon);
  EXPECT_TRUE(ring.take_unsaved().empty());
  const std::vector<MinuteCount> day = ring.last_day(noon);
  EXPECT_EQ(day[day.size() - 2], (MinuteCount{unix_of(noon - 1min), 4, 40}));
  std::int64_t requests = 0;
  for (const MinuteCount& minute : day) requests += minute.requests;
  EXPECT_EQ(requests, 4);
}

}  // namespace
}  // namespace tglink
