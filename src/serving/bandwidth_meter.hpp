#pragma once
// The monthly bandwidth counter: bytes sent to clients in the current UTC month.
//
// Counting happens on every body write, so it must be cheap: bytes are added in memory and the
// store sees them in batches: as soon as kBandwidthBatchBytes are pending, and on flush(), which
// the periodic jobs call every second and the service calls once more at shutdown. Each batch is
// added in one atomic statement that answers the month's total over every node sharing the store,
// and a flush with nothing pending reads that total back, so used_bytes() (that total plus what is
// not flushed yet) sees the other nodes' bytes within a second. This bounds the overrun past the
// limit over several nodes (docs/scaling.md "Global limits"): a node's bytes the others cannot see
// yet are at most one batch plus the slices in flight.
//
// Month roll-over: bytes belong to the UTC month in which they were counted. When the month
// changes, the pending bytes are kept for the month they were counted in, and the next flush
// writes them there; the new month starts from zero plus whatever the store already holds for it,
// which that flush reads back (another node or run may have counted some).
//
// Thread-safe: the file routes count on the I/O thread while flush() may run on the store
// executor's worker (store/store_executor.hpp). Only flush() (and add() when no batch listener is
// set) calls the store, and never while holding the lock that add() and used_bytes() take, so a
// slow database never holds up a body write.

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>

#include "core/clock.hpp"

namespace tglink {

class Store;

// The most bytes a node counts before adding them to the store: the part of the overrun past the
// monthly limit that one node's unseen bytes can cause.
inline constexpr std::int64_t kBandwidthBatchBytes = 8 * 1024 * 1024;

class BandwidthMeter {
 public:
  // `limit_bytes` = 0 means no limit. Reads the current month's figure from the store, so a
  // restart keeps counting where the last run stopped; throws StoreError if that read fails.
  BandwidthMeter(Store& store, const Clock& clock, std::int64_t limit_bytes,
                 std::int64_t batch_bytes = kBandwidthBatchBytes);

  // Called (once, until the next flush) when batch_bytes are pending, instead of add() flushing
  // itself: the service then queues flush() on the store executor. Set before the first add().
  void on_batch_full(std::function<void()> listener) { on_batch_full_ = std::move(listener); }

  // Counts bytes just sent to a client. Once batch_bytes are pending it adds the batch to the
  // store, or tells the batch listener to have it added. Never throws: when the batch fails the
  // bytes stay pending, and no batch is tried again before the next flush() (which reports the
  // error), so a database outage costs one failed call per flush, not one per write.
  void add(std::uint64_t bytes);

  // Writes the pending bytes to the store (earlier months' first), or with none pending reads the
  // month's total back (other nodes may have added theirs). On StoreError the bytes stay pending
  // (nothing is lost or counted twice) and the error is rethrown for the caller to log. One flush
  // at a time: the caller runs them in turn (the store executor does).
  void flush();

  // Bytes sent this UTC month, flushed or not.
  [[nodiscard]] std::int64_t used_bytes();
  // "YYYY-MM" of the month used_bytes() refers to.
  [[nodiscard]] std::string month();
  [[nodiscard]] std::int64_t limit_bytes() const { return limit_bytes_; }
  // True when a limit is set and this month's bytes have reached it.
  [[nodiscard]] bool limit_reached();
  // Whole seconds (at least 1) until the next UTC month begins: the Retry-After of a refusal.
  [[nodiscard]] std::int64_t seconds_until_reset() const;

 private:
  // What one flush takes out of the meter to write.
  struct Unsaved {
    std::map<std::string, std::int64_t> earlier_months;
    std::string month;
    std::int64_t bytes = 0;
  };

  // Moves to the month of clock_.now() when it has changed, keeping the old month's pending
  // bytes for the next flush. No store call. Caller holds mutex_.
  void roll_over_if_needed();
  Unsaved take_unsaved();
  // After a failed flush: puts back what was not written.
  void give_back(const Unsaved& unsaved);

  Store& store_;
  const Clock& clock_;
  const std::int64_t limit_bytes_;
  const std::int64_t batch_bytes_;
  std::function<void()> on_batch_full_;
  std::mutex mutex_;
  bool batch_failed_ = false;      // a batch failed since the last flush(): wait for flush()
  bool batch_asked_ = false;       // the listener was told of a full batch, not flushed yet
  std::string month_;              // the month being counted
  std::int64_t stored_bytes_ = 0;  // the store's total for month_ at the last read or flush
  std::int64_t pending_bytes_ = 0;
  std::int64_t flushing_bytes_ = 0;  // month_'s bytes a flush under way is writing
  std::map<std::string, std::int64_t> earlier_months_;  // earlier months' bytes not written yet
};

}  // namespace tglink
