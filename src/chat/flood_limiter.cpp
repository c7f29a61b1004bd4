#include "chat/flood_limiter.hpp"

namespace tglink {

FloodLimiter::FloodLimiter(int files_per_minute, std::size_t max_queued_per_user)
    : files_per_minute_(files_per_minute), max_queued_(max_queued_per_user) {}

std::chrono::steady_clock::duration FloodLimiter::admit(std::int64_t user_id, SteadyTime now) {
  if (files_per_minute_ <= 0) return {};
  UserWindow& user = users_[user_id];
  while (!user.accepted.empty() && user.accepted.front() + kWindow <= now) {
    user.accepted.pop_front();
  }
  if (user.accepted.size() < static_cast<std::size_t>(files_per_minute_)) {
    user.accepted.push_back(now);
    return {};
  }
  return user.accepted.front() + kWindow - now;
}

bool FloodLimiter::enqueue(std::int64_t user_id) {
  UserWindow& user = users_[user_id];
  if (user.queued >= max_queued_) return false;
  ++user.queued;
  return true;
}

void FloodLimiter::dequeue(std::int64_t user_id) {
  auto found = users_.find(user_id);
  if (found != users_.end() && found->second.queued > 0) --found->second.queued;
}

std::size_t FloodLimiter::queued(std::int64_t user_id) const {
  auto found = users_.find(user_id);
  return found == users_.end() ? 0 : found->second.queued;
}

}  // namespace tglink
