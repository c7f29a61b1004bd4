#include "serving/link_traffic.hpp"

#include <vector>

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
  const std::lock_guard lock(mutex_);
  if (pending_.empty()) return;
  std::vector<LinkTraffic> batch;
  batch.reserve(pending_.size());
  for (const auto& [id, entry] : pending_) batch.push_back(entry);
  store_.add_link_traffic(batch);  // throws before anything is cleared
  pending_.clear();
}

LinkTraffic LinkTrafficMeter::pending(std::int64_t message_id) {
  const std::lock_guard lock(mutex_);
  const auto found = pending_.find(message_id);
  return found == pending_.end() ? LinkTraffic{message_id, 0, 0} : found->second;
}

}  // namespace tglink
