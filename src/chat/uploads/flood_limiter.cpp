#include "chat/uploads/flood_limiter.hpp"

#include <algorithm>
#include <vector>

namespace tglink {

FloodLimiter::FloodLimiter(int per_minute, Duration window)
    : per_minute_(per_minute), window_(window) {}

FloodLimiter::Duration FloodLimiter::admit(std::int64_t key, SteadyTime now) {
  if (per_minute_ <= 0) return {};
  std::deque<SteadyTime>& times = admitted_[key];
  while (!times.empty() && times.front() + window_ <= now) times.pop_front();
  if (times.size() < static_cast<std::size_t>(per_minute_)) {
    times.push_back(now);
    return {};
  }
  return times.front() + window_ - now;
}

FloodLimiter::Duration FloodLimiter::wait(std::int64_t key, SteadyTime now) const {
  return estimate(key, now, 0);
}

FloodLimiter::Duration FloodLimiter::estimate(std::int64_t key, SteadyTime now,
                                              std::size_t ahead) const {
  if (per_minute_ <= 0) return {};
  const auto limit = static_cast<std::size_t>(per_minute_);
  std::vector<SteadyTime> times;
  if (auto found = admitted_.find(key); found != admitted_.end()) {
    times.assign(found->second.begin(), found->second.end());
  }
  // Each admission to come may go once the one `limit` places before it has left the window.
  SteadyTime slot = now;
  for (std::size_t i = 0; i <= ahead; ++i) {
    slot = times.size() < limit ? now : std::max(now, times[times.size() - limit] + window_);
    times.push_back(slot);
  }
  return slot - now;
}

}  // namespace tglink
