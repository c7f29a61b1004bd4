#include "serving/bandwidth_meter.hpp"

#include <memory>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "store/sqlite_store.hpp"
#include "support/fake_clock.hpp"
#include "support/forwarding_store.hpp"
#include "support/gate.hpp"
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

// Several nodes: each meter is one node's, all on one store.

TEST_F(BandwidthMeterTest, AFullBatchGoesToTheStoreAtOnce) {
  BandwidthMeter meter(store, clock, 0, 1000);
  meter.add(999);
  EXPECT_EQ(store.bandwidth_used("2024-03"), 0);
  meter.add(2);
  EXPECT_EQ(store.bandwidth_used("2024-03"), 1001);
  EXPECT_EQ(meter.used_bytes(), 1001);
}

TEST_F(BandwidthMeterTest, EachBatchBringsBackTheOtherNodesBytes) {
  BandwidthMeter one(store, clock, 0, 1000);
  BandwidthMeter two(store, clock, 0, 1000);
  two.add(600);
  two.flush();
  one.add(1000);  // a full batch: added, and the total answered
  EXPECT_EQ(one.used_bytes(), 1600);
}

TEST_F(BandwidthMeterTest, AFlushWithNothingPendingReadsTheTotalBack) {
  BandwidthMeter idle(store, clock, 2000);
  BandwidthMeter busy(store, clock, 2000, 500);
  busy.add(2500);
  EXPECT_FALSE(idle.limit_reached());  // not seen before its next flush
  idle.flush();
  EXPECT_EQ(idle.used_bytes(), 2500);
  EXPECT_TRUE(idle.limit_reached());
}

TEST_F(BandwidthMeterTest, ThreeNodesOverrunTheLimitByAtMostOneBatchEach) {
  // Every node serves 100 bytes at a time while it does not see the limit reached; the nodes
  // take turns, so each always works from a stale total.
  constexpr std::int64_t kLimit = 10'000;
  constexpr std::int64_t kBatch = 700;
  constexpr std::int64_t kWrite = 100;
  std::vector<std::unique_ptr<BandwidthMeter>> nodes;
  for (int i = 0; i < 3; ++i) {
    nodes.push_back(std::make_unique<BandwidthMeter>(store, clock, kLimit, kBatch));
  }
  bool any_served = true;
  while (any_served) {
    any_served = false;
    for (auto& node : nodes) {
      if (node->limit_reached()) continue;
      node->add(kWrite);
      any_served = true;
    }
  }
  for (auto& node : nodes) node->flush();
  const std::int64_t total = store.bandwidth_used("2024-03");
  EXPECT_GE(total, kLimit);
  EXPECT_LE(total, kLimit + 3 * (kBatch + kWrite));
}

// The store executor flushes on its worker while the file routes count on the I/O thread: a
// flush waiting for the database (a latch here) must not hold up counting.
class LatchedBandwidthStore final : public testing::ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  testing::Gate gate;

  std::int64_t add_bandwidth(const std::string& month, std::int64_t bytes) override {
    gate.pass();
    return ForwardingStore::add_bandwidth(month, bytes);
  }
};

TEST_F(BandwidthMeterTest, CountingGoesOnWhileAFlushWaitsForTheStore) {
  LatchedBandwidthStore latched(store);
  BandwidthMeter meter(latched, clock, 0);
  meter.add(100);
  std::thread flusher([&meter] { meter.flush(); });
  ASSERT_TRUE(latched.gate.wait_arrived());
  meter.add(20);  // would wait for the database if flush() held the counting lock
  EXPECT_EQ(meter.used_bytes(), 120);
  latched.gate.open();
  flusher.join();
  EXPECT_EQ(store.bandwidth_used("2024-03"), 100);
  EXPECT_EQ(meter.used_bytes(), 120);
  meter.flush();
  EXPECT_EQ(store.bandwidth_used("2024-03"), 120);
}

class FailingBandwidthStore final : public testing::ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  int failures_left = 1;

  std::int64_t add_bandwidth(const std::string& month, std::int64_t bytes) override {
    if (failures_left > 0) {
      --failures_left;
      throw StoreError("server closed the connection unexpectedly");
    }
    return ForwardingStore::add_bandwidth(month, bytes);
  }
};

TEST_F(BandwidthMeterTest, AFailedFlushKeepsEveryMonthsBytesForTheNext) {
  FailingBandwidthStore failing(store);
  BandwidthMeter meter(failing, clock, 0);
  meter.add(700);
  clock.advance(20s);  // now April: the 700 bytes stay March's
  meter.add(30);
  EXPECT_THROW(meter.flush(), StoreError);
  EXPECT_EQ(meter.used_bytes(), 30);
  meter.flush();
  EXPECT_EQ(store.bandwidth_used("2024-03"), 700);
  EXPECT_EQ(store.bandwidth_used("2024-04"), 30);
  EXPECT_EQ(meter.used_bytes(), 30);
}

}  // namespace
}  // namespace tglink
