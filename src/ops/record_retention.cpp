#include "ops/record_retention.hpp"

#include <functional>

#include "store/store.hpp"

namespace tglink {

namespace {

// Calls `delete_batch` until it answers less than a full batch or `max_batches` calls are made.
int delete_in_batches(const std::function<int()>& delete_batch, int max_batches) {
  int deleted = 0;
  for (int call = 0; call < max_batches; ++call) {
    const int went = delete_batch();
    deleted += went;
    if (went < kRetentionBatch) break;
  }
  return deleted;
}

}  // namespace

std::int64_t retention_cutoff_unix(SystemTime now) {
  return std::chrono::duration_cast<std::chrono::seconds>((now - kRecordGrace).time_since_epoch())
      .count();
}

RetentionCounts delete_dead_records(Store& store, SystemTime now, int max_batches) {
  const std::int64_t cutoff = retention_cutoff_unix(now);
  RetentionCounts counts;
  counts.links = delete_in_batches([&] { return store.delete_dead_links(cutoff, kRetentionBatch); },
                                   max_batches);
  counts.batches = delete_in_batches(
      [&] { return store.delete_dead_batches(cutoff, kRetentionBatch); }, max_batches);
  counts.channel_posts = delete_in_batches(
      [&] { return store.delete_dead_channel_posts(cutoff, kRetentionBatch); }, max_batches);
  return counts;
}

}  // namespace tglink
