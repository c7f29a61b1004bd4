#include "links/revoked_links.hpp"

namespace tglink {

bool RevokedLinks::contains(std::int64_t message_id) const {
  const std::lock_guard lock(mutex_);
  return ids_.contains(message_id);
}

void RevokedLinks::add(std::int64_t message_id) {
  const std::lock_guard lock(mutex_);
  ids_.insert(message_id);
}

void RevokedLinks::add_all(const std::vector<std::int64_t>& message_ids) {
  const std::lock_guard lock(mutex_);
  ids_.insert(message_ids.begin(), message_ids.end());
}

std::size_t RevokedLinks::size() const {
  const std::lock_guard lock(mutex_);
  return ids_.size();
}

}  // namespace tglink
