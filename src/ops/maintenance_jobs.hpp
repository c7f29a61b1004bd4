#pragma once
// The service's periodic jobs (spec, "States and transitions"), each a plain function so it can
// be tested alone, and add_maintenance_jobs() which schedules them all:
//
//   every 1 s     flush the bandwidth counter to the store (or read the global total back)
//   every 10 min  drop tracked streams older than 4 h
//   every hour    memory clean-up: malloc_trim(0), RateLimiter::sweep(), the media caches' trim
//   every hour    delete revocations of links that have expired (they can no longer be used)
//   every hour    delete link records and batches dead for 30 days (ops/record_retention.hpp)
//   every day     delete bandwidth records older than 3 months, never the current month
//
// The three that talk to the store are handed to the store executor (store/store_executor.hpp),
// so on PostgreSQL a slow database delays them, never the I/O thread that schedules them.

#include <chrono>
#include <functional>
#include <string>

#include "core/clock.hpp"

namespace tglink {

class ActiveStreams;
class BandwidthMeter;
class Log;
class PeriodicJobs;
class RateLimiter;
class Store;
class StoreExecutor;

// Every second: also how often a node reads back the other nodes' bytes (docs/scaling.md).
inline constexpr std::chrono::seconds kBandwidthFlushEvery{1};
inline constexpr std::chrono::minutes kStaleStreamSweepEvery{10};
inline constexpr std::chrono::hours kMemoryCleanupEvery{1};
inline constexpr std::chrono::hours kRevocationCleanupEvery{1};
inline constexpr std::chrono::hours kBandwidthRetentionEvery{24};
// Months of bandwidth records kept before the current one.
inline constexpr int kBandwidthMonthsKept = 3;

// "YYYY-MM" of the oldest month kept at `now`: the current UTC month minus kBandwidthMonthsKept
// (at 2024-05-xx: "2024-02", so February to May stay).
[[nodiscard]] std::string oldest_kept_bandwidth_month(SystemTime now);

// Each returns how many records went.
int delete_old_bandwidth_records(Store& store, SystemTime now);
int delete_expired_revocations(Store& store, SystemTime now);

// Returns freed heap to the system, forgets full rate-limit buckets and trims the caches.
void clean_up_memory(RateLimiter& limiter, const std::function<void()>& trim_caches);

struct MaintenanceTargets {
  Store& store;  // used only on store_work
  // The jobs that talk to the store run there, off the I/O thread (store/store_executor.hpp).
  StoreExecutor& store_work;
  BandwidthMeter& bandwidth;
  ActiveStreams& streams;
  RateLimiter& limiter;
  std::function<void()> trim_caches;  // from the media engine; may be empty
  const Clock& clock;
  Log& log;
};

// Adds the six jobs above. Everything in `targets` must outlive `jobs`.
void add_maintenance_jobs(PeriodicJobs& jobs, const MaintenanceTargets& targets);

}  // namespace tglink
