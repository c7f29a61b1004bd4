#include "chat/uploads/fair_queue.hpp"

#include <algorithm>
#include <limits>
#include <tuple>

namespace tglink {

void FairQueue::push(std::int64_t user_id, std::int64_t upload_id) {
  waiting_[user_id].push_back(upload_id);
  ++size_;
}

std::optional<FairQueue::Entry> FairQueue::pop(const std::function<bool(std::int64_t)>& ready) {
  auto best = waiting_.end();
  std::tuple<std::uint64_t, std::int64_t> best_key{};
  for (auto user = waiting_.begin(); user != waiting_.end(); ++user) {
    if (!ready(user->first)) continue;
    const std::tuple<std::uint64_t, std::int64_t> key{served(user->first), user->second.front()};
    if (best == waiting_.end() || key < best_key) {
      best = user;
      best_key = key;
    }
  }
  if (best == waiting_.end()) return std::nullopt;
  const Entry entry{best->first, best->second.front()};
  best->second.pop_front();
  if (best->second.empty()) waiting_.erase(best);
  --size_;
  last_served_[entry.user_id] = ++serial_;
  forget_served_if_idle();
  return entry;
}

void FairQueue::forget_served_if_idle() {
  if (last_served_.size() <= kMaxRemembered) return;
  std::erase_if(last_served_, [&](const auto& served) { return !waiting_.contains(served.first); });
}

std::uint64_t FairQueue::served(std::int64_t user_id) const {
  auto found = last_served_.find(user_id);
  return found == last_served_.end() ? 0 : found->second;
}

std::size_t FairQueue::ahead_of_new(std::int64_t user_id) const {
  // Each round serves every waiting user once, in the order pop() picks them. The new upload is
  // the user's (own + 1)-th, so it goes in round `own`: every other user has had `own` turns
  // by then, one more if they come before this user in a round, and at most all they have.
  const std::size_t own = count(user_id);
  const auto mine =
      std::make_tuple(served(user_id), own > 0 ? waiting_.at(user_id).front()
                                               : std::numeric_limits<std::int64_t>::max());
  std::size_t ahead = own;
  for (const auto& [other, uploads] : waiting_) {
    if (other == user_id) continue;
    const bool first = std::make_tuple(served(other), uploads.front()) < mine;
    ahead += std::min(uploads.size(), own + (first ? 1 : 0));
  }
  return ahead;
}

std::size_t FairQueue::count(std::int64_t user_id) const {
  auto found = waiting_.find(user_id);
  return found == waiting_.end() ? 0 : found->second.size();
}

}  // namespace tglink
