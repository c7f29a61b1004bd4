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
  bool batch_full = false;
  {
    const std::lock_guard lock(mutex_);
    roll_over_if_needed();  // these bytes belong to the month now
    pending_bytes_ += static_cast<std::int64_t>(bytes);
    batch_full = !batch_failed_ && !batch_asked_ && pending_bytes_ >= batch_bytes_;
    if (batch_full && on_batch_full_) batch_asked_ = true;
  }
  if (!batch_full) return;
  if (on_batch_full_) {
    on_batch_full_();
    return;
  }
  try {
    flush();
  } catch (const StoreError&) {
    // kept pending; flush() retries and reports
  }
}

void BandwidthMeter::flush() {
  Unsaved unsaved = take_unsaved();
  std::int64_t total = 0;
  try {
    for (auto& [month, bytes] : unsaved.earlier_months) {
      store_.add_bandwidth(month, bytes);
      bytes = 0;
    }
    total = unsaved.bytes > 0 ? store_.add_bandwidth(unsaved.month, unsaved.bytes)
                              : store_.bandwidth_used(unsaved.month);
  } catch (const StoreError&) {
    give_back(unsaved);
    throw;
  }
  const std::lock_guard lock(mutex_);
  // The total counts the bytes just written; those counted meanwhile are still pending.
  if (month_ == unsaved.month) stored_bytes_ = total;
  flushing_bytes_ = 0;
  batch_failed_ = false;
  batch_asked_ = false;
}

BandwidthMeter::Unsaved BandwidthMeter::take_unsaved() {
  const std::lock_guard lock(mutex_);
  roll_over_if_needed();
  Unsaved unsaved{std::move(earlier_months_), month_, pending_bytes_};
  earlier_months_.clear();
  flushing_bytes_ = pending_bytes_;
  pending_bytes_ = 0;
  return unsaved;
}

void BandwidthMeter::give_back(const Unsaved& unsaved) {
  const std::lock_guard lock(mutex_);
  flushing_bytes_ = 0;
  for (const auto& [month, bytes] : unsaved.earlier_months) {
    if (bytes > 0) earlier_months_[month] += bytes;
  }
  if (unsaved.month == month_) {
    pending_bytes_ += unsaved.bytes;
  } else if (unsaved.bytes > 0) {
    earlier_months_[unsaved.month] += unsaved.bytes;
  }
  batch_failed_ = true;
  batch_asked_ = false;
}

void BandwidthMeter::roll_over_if_needed() {
  const std::string now_month = format_month_utc(clock_.now());
  if (now_month == month_) return;
  if (pending_bytes_ > 0) earlier_months_[month_] += pending_bytes_;
  month_ = now_month;
  pending_bytes_ = 0;
  flushing_bytes_ = 0;  // a flush under way writes them to the old month
  stored_bytes_ = 0;    // until the next flush reads the new month's total back
}

std::int64_t BandwidthMeter::used_bytes() {
  const std::lock_guard lock(mutex_);
  roll_over_if_needed();
  return stored_bytes_ + flushing_bytes_ + pending_bytes_;
}

std::string BandwidthMeter::month() {
  const std::lock_guard lock(mutex_);
  roll_over_if_needed();
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
