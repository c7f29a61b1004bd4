#include "ops/maintenance_jobs.hpp"

#include <gtest/gtest.h>

#include "http/rate_limiter.hpp"
#include "logging/log.hpp"
#include "ops/periodic_jobs.hpp"
#include "serving/active_streams.hpp"
#include "serving/bandwidth_meter.hpp"
#include "store/sqlite_store.hpp"
#include "store/store_executor.hpp"
#include "support/fake_clock.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;
using testing::FakeClock;
using testing::unix_seconds;
using testing::utc;

struct Fixture : ::testing::Test {
  testing::TempDir dir{"tglink-ops"};
  SqliteStore store{(dir.path() / "t.db").string()};
  FakeClock clock{utc(2024, 5, 20, 12)};
  Log log;
};

TEST(OldestKeptBandwidthMonth, IsThreeMonthsBeforeTheCurrentOne) {
  EXPECT_EQ(oldest_kept_bandwidth_month(utc(2024, 5, 20)), "2024-02");
  EXPECT_EQ(oldest_kept_bandwidth_month(utc(2024, 2, 1)), "2023-11");
  EXPECT_EQ(oldest_kept_bandwidth_month(utc(2024, 1, 31, 23, 59, 59)), "2023-10");
  EXPECT_EQ(oldest_kept_bandwidth_month(utc(2024, 3, 1)), "2023-12");
}

using BandwidthRetention = Fixture;

TEST_F(BandwidthRetention, KeepsThreeMonthsAndTheCurrentOne) {
  for (const char* month : {"2023-12", "2024-01", "2024-02", "2024-03", "2024-04", "2024-05"}) {
    store.add_bandwidth(month, 100);
  }
  EXPECT_EQ(delete_old_bandwidth_records(store, clock.now()), 2);
  EXPECT_EQ(store.bandwidth_used("2023-12"), 0);
  EXPECT_EQ(store.bandwidth_used("2024-01"), 0);
  for (const char* month : {"2024-02", "2024-03", "2024-04", "2024-05"}) {
    EXPECT_EQ(store.bandwidth_used(month), 100) << month;
  }
}

TEST_F(BandwidthRetention, NeverDeletesTheCurrentMonthEvenAtItsFirstInstant) {
  store.add_bandwidth("2024-06", 7);
  delete_old_bandwidth_records(store, utc(2024, 6, 1));
  EXPECT_EQ(store.bandwidth_used("2024-06"), 7);
}

using RevocationCleanup = Fixture;

TEST_F(RevocationCleanup, DropsOnlyRevocationsOfExpiredLinks) {
  const std::int64_t now = unix_seconds(clock.now());
  store.revoke_link(1, now - 10);  // expired
  store.revoke_link(2, now + 10);  // still valid
  store.revoke_link(3, 0);         // never expires
  EXPECT_EQ(delete_expired_revocations(store, clock.now()), 1);
  EXPECT_FALSE(store.is_revoked(1));
  EXPECT_TRUE(store.is_revoked(2));
  EXPECT_TRUE(store.is_revoked(3));
}

TEST(MemoryCleanup, SweepsTheRateLimiterAndTrimsCaches) {
  FakeClock clock;
  RateLimiter limiter(clock, RateLimitSettings{.per_minute = 60, .burst = 2});
  (void)limiter.check("10.0.0.1");
  clock.advance(1h);  // the bucket is full again: nothing worth keeping
  int trims = 0;
  clean_up_memory(limiter, [&] { ++trims; });
  EXPECT_EQ(limiter.tracked_keys(), 0U);
  EXPECT_EQ(trims, 1);
  clean_up_memory(limiter, nullptr);  // no cache callback is fine
}

using MaintenanceSchedule = Fixture;

// The whole schedule on one fake clock: each job fires at its own interval.
TEST_F(MaintenanceSchedule, EveryJobRunsAtItsInterval) {
  BandwidthMeter meter(store, clock, 0);
  ActiveStreams streams(clock);
  RateLimiter limiter(clock, RateLimitSettings{});
  int trims = 0;
  PeriodicJobs jobs(clock, log);
  StoreExecutor inline_work(StoreExecutor::Mode::kInline, log);
  add_maintenance_jobs(jobs, MaintenanceTargets{store, inline_work, meter, streams, limiter,
                                                [&] { ++trims; }, clock, log});
  EXPECT_EQ(jobs.size(), 6U);

  // Bandwidth reaches the store within 5 s.
  meter.add(1234);
  clock.advance(kBandwidthFlushEvery);
  jobs.run_due();
  EXPECT_EQ(store.bandwidth_used("2024-05"), 1234);

  // A stream older than 4 h is dropped by the 10-minute sweep; a new one stays.
  const ActiveStreams::Ticket old_stream = streams.start();
  clock.advance(4h);
  const ActiveStreams::Ticket new_stream = streams.start();
  clock.advance(kStaleStreamSweepEvery);
  jobs.run_due();
  EXPECT_EQ(streams.count(), 1U);
  EXPECT_GE(trims, 1);  // the hourly clean-up ran during those hours

  // Daily: old bandwidth months go; hourly: expired revocations go.
  store.add_bandwidth("2023-01", 5);
  store.revoke_link(9, unix_seconds(clock.now()) - 1);
  clock.advance(24h);
  jobs.run_due();
  EXPECT_EQ(store.bandwidth_used("2023-01"), 0);
  EXPECT_FALSE(store.is_revoked(9));
  EXPECT_EQ(store.bandwidth_used("2024-05"), 1234);
}

}  // namespace
}  // namespace tglink
