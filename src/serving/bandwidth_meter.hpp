#pragma once
// The monthly bandwidth counter: bytes sent to clients in the current UTC month.
//
// Counting happens on every body write, so it must be cheap: bytes are added in memory and the
// store sees them only on flush(), which the periodic jobs call every few seconds and the service
// calls once more at shutdown. used_bytes() is the stored figure plus what is not flushed yet, so
// /api/info and the limit check are exact between flushes.
//
// Month roll-over: bytes belong to the UTC month in which they were counted. When the month
// changes, the pending bytes are flushed to the month they were counted in, and the new month
// starts from whatever the store already holds for it (zero, unless another run counted some).
//
// Thread-safe, though the service calls it from its one I/O thread.

#include <cstdint>
#include <mutex>
#include <string>

#include "core/clock.hpp"

namespace tglink {

class Store;

class BandwidthMeter {
 public:
  // `limit_bytes` = 0 means no limit. Reads the current month's figure from the store, so a
  // restart keeps counting where the last run stopped; throws StoreError if that read fails.
  BandwidthMeter(Store& store, const Clock& clock, std::int64_t limit_bytes);

  // Counts bytes just sent to a client.
  void add(std::uint64_t bytes);

  // Writes the pending bytes to the store. On StoreError the bytes stay pending (nothing is lost
  // or counted twice) and the error is rethrown for the caller to log.
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
  // Moves to the month of clock_.now() when it has changed. Caller holds mutex_.
  void roll_over_if_needed();
  // Caller holds mutex_.
  void flush_locked();

  Store& store_;
  const Clock& clock_;
  const std::int64_t limit_bytes_;
  std::mutex mutex_;
  std::string month_;              // the month being counted
  std::int64_t stored_bytes_ = 0;  // the store's figure for month_ at the last read or flush
  std::int64_t pending_bytes_ = 0;
};

}  // namespace tglink
