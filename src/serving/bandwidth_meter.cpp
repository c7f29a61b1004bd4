#include "serving/bandwidth_meter.hpp"

#include <algorithm>
#include <chrono>

#include "core/time_format.hpp"
#include "store/store.hpp"

namespace tglink {

BandwidthMeter::BandwidthMeter(Store& store, const Clock& clock, std::int64_t limit_bytes,
                               std::int64_t batch_bytes)
    : store_(store),
      clock_(clock),
      limit_bytes_(std::max<std::int64_t>(limit_bytes, 0)),
      batch_bytes_(std::max<std::int64_t>(batch_bytes, 1)) {
  month_ = format_month_utc(clock_.now());
  stored_bytes_ = store_.bandwidth_used(month_);
}

void BandwidthMeter::add(std::uint64_t bytes) {
  const std::lock_guard lock(mutex_);
  try {
    if (!batch_failed_) roll_over_if_needed();  // these bytes belong to the month now
    pending_bytes_ += static_cast<std::int64_t>(bytes);
    if (!batch_failed_ && pending_bytes_ >= batch_bytes_) flush_locked();
  } catch (const StoreError&) {
    batch_failed_ = true;  // kept pending; flush() retries and reports
  }
}

void BandwidthMeter::flush() {
  const std::lock_guard lock(mutex_);
  roll_over_if_needed();
  flush_locked();
  batch_failed_ = false;
}

void BandwidthMeter::flush_locked() {
  if (pending_bytes_ == 0) {
    stored_bytes_ = store_.bandwidth_used(month_);
    return;
  }
  stored_bytes_ = store_.add_bandwidth(month_, pending_bytes_);
  pending_bytes_ = 0;
}

void BandwidthMeter::roll_over_if_needed() {
  const std::string now_month = format_month_utc(clock_.now());
  if (now_month == month_) return;
  // The old month's bytes go to the old month; if the store fails they are kept and retried
  // on the next call, and the new month is not begun until they are safe.
  flush_locked();
  month_ = now_month;
  stored_bytes_ = 0;
  stored_bytes_ = store_.bandwidth_used(month_);
}

std::int64_t BandwidthMeter::used_bytes() {
  const std::lock_guard lock(mutex_);
  try {
    roll_over_if_needed();
  } catch (...) {
    // The figure of the month being counted is still the best answer; the next flush retries.
  }
  return stored_bytes_ + pending_bytes_;
}

std::string BandwidthMeter::month() {
  const std::lock_guard lock(mutex_);
  return month_;
}

bool BandwidthMeter::limit_reached() {
  if (limit_bytes_ == 0) return false;
  return used_bytes() >= limit_bytes_;
}

std::int64_t BandwidthMeter::seconds_until_reset() const {
  const SystemTime now = clock_.now();
  const auto left = std::chrono::ceil<std::chrono::seconds>(next_utc_month(now) - now);
  return std::max<std::int64_t>(left.count(), 1);
}

}  // namespace tglink
