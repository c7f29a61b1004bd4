#pragma once
// Deleting link records and batches nobody can use any more (maintenance job "record
// retention", every hour). Without it both tables only grow: a link record outlives its link so
// that /stats and /mylinks keep what it served, and a batch row its page.
//
// A record goes once it no longer works (expired, or revoked) and a grace period has passed:
// made, and when it expires expired, more than kRecordGrace ago. A revoked record is deleted
// kRecordGrace after it was made, since the store does not keep when it was revoked. Open batches
// and revocations are never deleted here (expired revocations have their own job).
//
// The deletes go kRetentionBatch rows per statement and at most kRetentionBatchesPerRun
// statements per run, so a large backlog is worked off over several runs without holding the
// database's write lock (or the I/O thread) for long. Every node may run it: a row is deleted
// once whichever node gets there first, and the others find nothing.

#include <chrono>

#include "core/clock.hpp"

namespace tglink {

class Store;

inline constexpr std::chrono::days kRecordGrace{30};
inline constexpr std::chrono::hours kRecordRetentionEvery{1};
inline constexpr int kRetentionBatch = 500;
inline constexpr int kRetentionBatchesPerRun = 20;

struct RetentionCounts {
  int links = 0;
  int batches = 0;
  int channel_posts = 0;
};

// The unix time before which a dead record may go: `now` minus kRecordGrace.
[[nodiscard]] std::int64_t retention_cutoff_unix(SystemTime now);

// One run of the job: deletes dead link records, dead batches, then dead channel posts (links
// expired before the cutoff; a revoked copy's at once, since no page shows them), each in bounded
// statements,
// stopping when one answers less than a full batch or after `max_batches` statements each.
RetentionCounts delete_dead_records(Store& store, SystemTime now,
                                    int max_batches = kRetentionBatchesPerRun);

}  // namespace tglink
