// The record retention job (ops/record_retention.hpp) on a real SQLite store and a fake clock:
// what is dead for the grace period goes, a backlog goes a bounded number of rows per run, and
// the job runs on the maintenance schedule.

#include "ops/record_retention.hpp"

#include <gtest/gtest.h>

#include "http/rate_limiter.hpp"
#include "logging/log.hpp"
#include "ops/maintenance_jobs.hpp"
#include "ops/periodic_jobs.hpp"
#include "serving/active_streams.hpp"
#include "serving/bandwidth_meter.hpp"
#include "store/sqlite_store.hpp"
#include "store/store_executor.hpp"
#include "support/fake_clock.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;
using testing::FakeClock;
using testing::unix_seconds;
using testing::utc;

void add_link(Store& store, std::int64_t id, SystemTime created, SystemTime expires) {
  LinkRecord link;
  link.message_id = id << 20;
  link.user_id = 7;
  link.created_unix = unix_seconds(created);
  link.expires_unix = unix_seconds(expires);
  store.add_link(link);
}

TEST(RecordRetention, TheCutoffIsTheGracePeriodBeforeNow) {
  const SystemTime now = utc(2024, 5, 31, 12);
  EXPECT_EQ(retention_cutoff_unix(now), unix_seconds(utc(2024, 5, 1, 12)));
}

TEST(RecordRetention, ALinkGoesOnlyOnceItIsDeadForTheWholeGracePeriod) {
  SqliteStore store(":memory:");
  const SystemTime made = utc(2024, 1, 1);
  add_link(store, 1, made, made + 24h);
  EXPECT_EQ(delete_dead_records(store, made + 24h + kRecordGrace - 1s).links, 0);
  EXPECT_TRUE(store.find_link(1 << 20).has_value());
  EXPECT_EQ(delete_dead_records(store, made + 24h + kRecordGrace + 1s).links, 1);
  EXPECT_FALSE(store.find_link(1 << 20).has_value());
}

TEST(RecordRetention, ABacklogGoesInBoundedBatchesOverSeveralRuns) {
  SqliteStore store(":memory:");
  const SystemTime made = utc(2024, 1, 1);
  const int backlog = kRetentionBatch * 3 + 7;
  for (int id = 1; id <= backlog; ++id) add_link(store, id, made, made + 1h);
  const SystemTime later = made + kRecordGrace + 2h;

  EXPECT_EQ(delete_dead_records(store, later, 2).links, kRetentionBatch * 2);
  EXPECT_EQ(delete_dead_records(store, later, 2).links, kRetentionBatch + 7);
  EXPECT_EQ(delete_dead_records(store, later, 2).links, 0);
  EXPECT_EQ(store.user_link_totals(7).links, 0);
}

TEST(RecordRetention, ClosedBatchesGoAfterTheGracePeriod) {
  SqliteStore store(":memory:");
  const SystemTime made = utc(2024, 1, 1);
  const std::int64_t batch = store.open_batch(7, unix_seconds(made));
  store.close_batch(batch, unix_seconds(made + 24h));
  EXPECT_EQ(delete_dead_records(store, made + 24h + kRecordGrace - 1s).batches, 0);
  EXPECT_EQ(delete_dead_records(store, made + 24h + kRecordGrace + 1s).batches, 1);
  EXPECT_FALSE(store.find_batch(batch).has_value());
}

TEST(RecordRetention, RunsHourlyOnTheMaintenanceSchedule) {
  SqliteStore store(":memory:");
  FakeClock clock{utc(2024, 5, 20, 12)};
  Log log;
  BandwidthMeter meter(store, clock, 0);
  ActiveStreams streams(clock);
  RateLimiter limiter(clock, RateLimitSettings{});
  PeriodicJobs jobs(clock, log);
  StoreExecutor inline_work(StoreExecutor::Mode::kInline, log);
  add_maintenance_jobs(
      jobs, MaintenanceTargets{store, inline_work, meter, streams, limiter, nullptr, clock, log});
  add_link(store, 1, clock.now() - kRecordGrace - 2h, clock.now() - kRecordGrace - 1h);

  clock.advance(kRecordRetentionEvery - 1s);
  jobs.run_due();
  EXPECT_TRUE(store.find_link(1 << 20).has_value());
  clock.advance(1s);
  jobs.run_due();
  EXPECT_FALSE(store.find_link(1 << 20).has_value());
}

}  // namespace
}  // namespace tglink
