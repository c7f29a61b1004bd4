#include "serving/bandwidth_meter.hpp"

#include <gtest/gtest.h>

#include "store/sqlite_store.hpp"
#include "support/fake_clock.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;
using testing::FakeClock;
using testing::utc;

struct BandwidthMeterTest : ::testing::Test {
  testing::TempDir dir{"tglink-bw"};
  SqliteStore store{(dir.path() / "t.db").string()};
  FakeClock clock{utc(2024, 3, 31, 23, 59, 50)};
};

TEST_F(BandwidthMeterTest, CountsInMemoryUntilFlushed) {
  BandwidthMeter meter(store, clock, 0);
  meter.add(100);
  meter.add(23);
  EXPECT_EQ(meter.used_bytes(), 123);
  EXPECT_EQ(store.bandwidth_used("2024-03"), 0);
  meter.flush();
  EXPECT_EQ(store.bandwidth_used("2024-03"), 123);
  meter.flush();  // nothing pending: nothing added twice
  EXPECT_EQ(store.bandwidth_used("2024-03"), 123);
  EXPECT_EQ(meter.used_bytes(), 123);
}

TEST_F(BandwidthMeterTest, StartsFromWhatTheStoreAlreadyHolds) {
  store.add_bandwidth("2024-03", 1000);
  BandwidthMeter meter(store, clock, 0);
  meter.add(5);
  EXPECT_EQ(meter.used_bytes(), 1005);
}

TEST_F(BandwidthMeterTest, BytesBelongToTheMonthTheyWereCountedIn) {
  BandwidthMeter meter(store, clock, 0);
  meter.add(700);
  clock.advance(20s);  // now 2024-04-01T00:00:10Z
  EXPECT_EQ(meter.used_bytes(), 0);
  EXPECT_EQ(meter.month(), "2024-04");
  meter.add(30);
  meter.flush();
  EXPECT_EQ(store.bandwidth_used("2024-03"), 700);
  EXPECT_EQ(store.bandwidth_used("2024-04"), 30);
}

TEST_F(BandwidthMeterTest, FlushAfterTheMonthEndedStillCreditsTheOldMonth) {
  BandwidthMeter meter(store, clock, 0);
  meter.add(50);
  clock.advance(1h);
  meter.flush();
  EXPECT_EQ(store.bandwidth_used("2024-03"), 50);
  EXPECT_EQ(store.bandwidth_used("2024-04"), 0);
}

TEST_F(BandwidthMeterTest, LimitIsReachedAtExactlyTheLimit) {
  BandwidthMeter meter(store, clock, 1000);
  meter.add(999);
  EXPECT_FALSE(meter.limit_reached());
  meter.add(1);
  EXPECT_TRUE(meter.limit_reached());
  clock.advance(1min);  // a new month starts from zero
  EXPECT_FALSE(meter.limit_reached());
}

TEST_F(BandwidthMeterTest, NoLimitIsNeverReached) {
  BandwidthMeter meter(store, clock, 0);
  meter.add(std::uint64_t{1} << 50);
  EXPECT_FALSE(meter.limit_reached());
}

TEST_F(BandwidthMeterTest, RetryAfterRunsToTheNextUtcMonth) {
  BandwidthMeter meter(store, clock, 1);
  EXPECT_EQ(meter.seconds_until_reset(), 10);
  clock.set_wall(utc(2024, 2, 1));
  EXPECT_EQ(meter.seconds_until_reset(), 29 * 86400);  // 2024 is a leap year
}

}  // namespace
}  // namespace tglink
