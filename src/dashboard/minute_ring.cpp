#include "dashboard/minute_ring.hpp"

namespace tglink {

namespace {

constexpr std::int64_t kMinute = 60;

std::size_t index_of(std::int64_t minute_unix) {
  return static_cast<std::size_t>((minute_unix / kMinute) %
                                  static_cast<std::int64_t>(MinuteRing::kMinutes));
}

}  // namespace

std::int64_t MinuteRing::minute_of(SystemTime at) {
  const std::int64_t unix =
      std::chrono::duration_cast<std::chrono::seconds>(at.time_since_epoch()).count();
  return unix - (unix % kMinute + kMinute) % kMinute;
}

MinuteRing::Slot* MinuteRing::slot_for(std::int64_t minute_unix) {
  Slot& slot = slots_[index_of(minute_unix)];
  if (slot.minute_unix > minute_unix) return nullptr;  // a day or more older than what is there
  if (slot.minute_unix != minute_unix) slot = Slot{minute_unix, 0, 0, 0, 0};
  return &slot;
}

void MinuteRing::add(SystemTime at, std::int64_t requests, std::int64_t bytes) {
  Slot* slot = slot_for(minute_of(at));
  if (slot == nullptr) return;
  slot->requests += requests;
  slot->bytes += bytes;
}

void MinuteRing::load(const std::vector<MinuteCount>& minutes, SystemTime now) {
  const std::int64_t first = minute_of(now) - static_cast<std::int64_t>(kMinutes - 1) * kMinute;
  for (const MinuteCount& minute : minutes) {
    if (minute.minute_unix < first || minute.minute_unix % kMinute != 0) continue;
    Slot* slot = slot_for(minute.minute_unix);
    if (slot == nullptr) continue;
    slot->requests += minute.requests;
    slot->bytes += minute.bytes;
    slot->saved_requests += minute.requests;
    slot->saved_bytes += minute.bytes;
  }
}

std::vector<MinuteCount> MinuteRing::last_day(SystemTime now) const {
  const std::int64_t last = minute_of(now);
  std::vector<MinuteCount> day;
  day.reserve(kMinutes);
  for (std::int64_t minute = last - static_cast<std::int64_t>(kMinutes - 1) * kMinute;
       minute <= last; minute += kMinute) {
    const Slot& slot = slots_[index_of(minute)];
    day.push_back(slot.minute_unix == minute ? MinuteCount{minute, slot.requests, slot.bytes}
                                             : MinuteCount{minute, 0, 0});
  }
  return day;
}

std::vector<MinuteCount> MinuteRing::take_unsaved() {
  std::vector<MinuteCount> unsaved;
  for (Slot& slot : slots_) {
    if (slot.requests == slot.saved_requests && slot.bytes == slot.saved_bytes) continue;
    unsaved.push_back(MinuteCount{slot.minute_unix, slot.requests - slot.saved_requests,
                                  slot.bytes - slot.saved_bytes});
    slot.saved_requests = slot.requests;
    slot.saved_bytes = slot.bytes;
  }
  return unsaved;
}

}  // namespace tglink
