#include "ops/maintenance_jobs.hpp"

#include <fmt/format.h>
#include <malloc.h>

#include "http/rate_limiter.hpp"
#include "logging/log.hpp"
#include "ops/periodic_jobs.hpp"
#include "ops/record_retention.hpp"
#include "serving/active_streams.hpp"
#include "serving/bandwidth_meter.hpp"
#include "store/store.hpp"
#include "store/store_executor.hpp"

namespace tglink {

std::string oldest_kept_bandwidth_month(SystemTime now) {
  const std::chrono::year_month_day day{std::chrono::floor<std::chrono::days>(now)};
  const std::chrono::year_month oldest =
      std::chrono::year_month{day.year(), day.month()} - std::chrono::months{kBandwidthMonthsKept};
  return fmt::format("{:04}-{:02}", static_cast<int>(oldest.year()),
                     static_cast<unsigned>(oldest.month()));
}

int delete_old_bandwidth_records(Store& store, SystemTime now) {
  return store.delete_bandwidth_before(oldest_kept_bandwidth_month(now));
}

int delete_expired_revocations(Store& store, SystemTime now) {
  const auto unix_now = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch());
  return store.delete_revocations_expired_before(unix_now.count());
}

void clean_up_memory(RateLimiter& limiter, const std::function<void()>& trim_caches) {
  limiter.sweep();
  if (trim_caches) trim_caches();
  // Last, so the memory the sweeps just freed goes back too.
  malloc_trim(0);
}

void add_maintenance_jobs(PeriodicJobs& jobs, const MaintenanceTargets& t) {
  StoreExecutor& work = t.store_work;
  jobs.add(PeriodicJob{"bandwidth flush", kBandwidthFlushEvery, [&work, &b = t.bandwidth] {
                         work.post_job("bandwidth flush", [&b] { b.flush(); });
                       }});
  jobs.add(
      PeriodicJob{"stale stream sweep", kStaleStreamSweepEvery, [&s = t.streams, &log = t.log] {
                    const std::size_t dropped = s.sweep(ActiveStreams::kMaxAge);
                    if (dropped > 0) log.info("Dropped {} stale streams", dropped);
                  }});
  jobs.add(PeriodicJob{"memory clean-up", kMemoryCleanupEvery,
                       [&l = t.limiter, trim = t.trim_caches] { clean_up_memory(l, trim); }});
  jobs.add(PeriodicJob{
      "expired revocations", kRevocationCleanupEvery, [&work, &s = t.store, &c = t.clock] {
        work.post_job("expired revocations", [&s, &c] { delete_expired_revocations(s, c.now()); });
      }});
  jobs.add(PeriodicJob{
      "record retention", kRecordRetentionEvery, [&work, &s = t.store, &c = t.clock, &log = t.log] {
        work.post_job("record retention", [&s, &c, &log] {
          const RetentionCounts went = delete_dead_records(s, c.now());
          if (went.links + went.batches + went.channel_posts > 0) {
            log.info("Deleted {} dead link records, {} dead batches and {} dead channel posts",
                     went.links, went.batches, went.channel_posts);
          }
        });
      }});
  jobs.add(PeriodicJob{"bandwidth retention", kBandwidthRetentionEvery,
                       [&work, &s = t.store, &c = t.clock, &log = t.log] {
                         work.post_job("bandwidth retention", [&s, &c, &log] {
                           const int deleted = delete_old_bandwidth_records(s, c.now());
                           if (deleted > 0) log.info("Deleted {} old bandwidth records", deleted);
                         });
                       }});
}

}  // namespace tglink
