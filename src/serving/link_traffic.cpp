#include "serving/link_traffic.hpp"

#include <vector>

#include "core/time_format.hpp"

namespace tglink {

void LinkTrafficMeter::count_download(std::int64_t message_id) {
  const std::lock_guard lock(mutex_);
  LinkTraffic& entry = pending_[message_id];
  entry.message_id = message_id;
  ++entry.downloads;
}

void LinkTrafficMeter::count_bytes(std::int64_t message_id, std::uint64_t bytes) {
  const std::lock_guard lock(mutex_);
  LinkTraffic& entry = pending_[message_id];
  entry.message_id = message_id;
  entry.bytes += static_cast<std::int64_t>(bytes);
}

void LinkTrafficMeter::flush() {
  std::map<std::int64_t, LinkTraffic> taken;
  {
    const std::lock_guard lock(mutex_);
    taken.swap(pending_);
    flushing_ = taken;
  }
  if (taken.empty()) return;
  std::vector<LinkTraffic> batch;
  batch.reserve(taken.size());
  for (const auto& [id, entry] : taken) batch.push_back(entry);
  try {
    // One transaction: all of it or nothing.
    if (clock_ != nullptr) {
      store_.add_link_traffic_on_day(format_day_utc(clock_->now()), batch);
    } else {
      store_.add_link_traffic(batch);
    }
  } catch (const StoreError&) {
    give_back(taken);
    throw;
  }
  const std::lock_guard lock(mutex_);
  flushing_.clear();
}

void LinkTrafficMeter::give_back(const std::map<std::int64_t, LinkTraffic>& taken) {
  const std::lock_guard lock(mutex_);
  flushing_.clear();
  for (const auto& [id, entry] : taken) {
    LinkTraffic& kept = pending_[id];
    kept.message_id = id;
    kept.downloads += entry.downloads;
    kept.bytes += entry.bytes;
  }
}

LinkTraffic LinkTrafficMeter::pending(std::int64_t message_id) {
  const std::lock_guard lock(mutex_);
  LinkTraffic sum{message_id, 0, 0};
  for (const auto* counts : {&pending_, &flushing_}) {
    const auto found = counts->find(message_id);
    if (found == counts->end()) continue;
    sum.downloads += found->second.downloads;
    sum.bytes += found->second.bytes;
  }
  return sum;
}

}  // namespace tglink
