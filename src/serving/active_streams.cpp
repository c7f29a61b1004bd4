#include "serving/active_streams.hpp"

namespace tglink {

ActiveStreams::Ticket::Ticket(Ticket&& other) noexcept : owner_(other.owner_), id_(other.id_) {
  other.owner_ = nullptr;
}

ActiveStreams::Ticket::~Ticket() {
  if (owner_ != nullptr) owner_->release(id_);
}

ActiveStreams::Ticket ActiveStreams::start(std::string client, std::string file) {
  const std::lock_guard lock(mutex_);
  const std::uint64_t id = next_id_++;
  started_.emplace(id, Entry{std::move(client), std::move(file), clock_.steady_now()});
  return Ticket{this, id};
}

std::vector<ActiveStreams::Entry> ActiveStreams::entries() const {
  const std::lock_guard lock(mutex_);
  std::vector<Entry> entries;
  entries.reserve(started_.size());
  for (const auto& [id, entry] : started_) entries.push_back(entry);
  return entries;
}

std::size_t ActiveStreams::count() const {
  const std::lock_guard lock(mutex_);
  return started_.size();
}

std::size_t ActiveStreams::sweep(std::chrono::steady_clock::duration max_age) {
  const std::lock_guard lock(mutex_);
  const SteadyTime now = clock_.steady_now();
  std::size_t dropped = 0;
  for (auto it = started_.begin(); it != started_.end();) {
    if (now - it->second.started > max_age) {
      it = started_.erase(it);
      ++dropped;
    } else {
      ++it;
    }
  }
  return dropped;
}

void ActiveStreams::release(std::uint64_t id) {
  const std::lock_guard lock(mutex_);
  started_.erase(id);
}

}  // namespace tglink
