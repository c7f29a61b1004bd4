#include "media/cache_budget.hpp"

#include <algorithm>

namespace tglink {

std::uint64_t CacheBudget::bytes_of(const CachedFileKey& key) const {
  const auto found = files_.find(key);
  return found == files_.end() ? 0 : found->second.bytes;
}

CacheBudget::Entry& CacheBudget::entry(const CachedFileKey& key, SteadyTime now) {
  auto [it, inserted] = files_.try_emplace(key);
  if (inserted) it->second.last_used = now;
  return it->second;
}

void CacheBudget::record_size(const CachedFileKey& key, std::uint64_t bytes, SteadyTime now) {
  Entry& e = entry(key, now);
  total_ = total_ - e.bytes + bytes;
  e.bytes = bytes;
}

void CacheBudget::begin_read(const CachedFileKey& key, SteadyTime now) {
  Entry& e = entry(key, now);
  ++e.readers;
  e.last_used = now;
}

void CacheBudget::end_read(const CachedFileKey& key, SteadyTime now) {
  Entry& e = entry(key, now);
  if (e.readers > 0) --e.readers;
  e.last_used = now;
}

void CacheBudget::forget(const CachedFileKey& key) {
  auto it = files_.find(key);
  if (it == files_.end()) return;
  total_ -= it->second.bytes;
  files_.erase(it);
}

std::vector<CachedFileKey> CacheBudget::victims() const {
  std::vector<std::pair<SteadyTime, CachedFileKey>> idle;
  for (const auto& [key, e] : files_) {
    if (e.readers == 0 && e.bytes > 0) idle.emplace_back(e.last_used, key);
  }
  std::sort(idle.begin(), idle.end());
  std::vector<CachedFileKey> chosen;
  std::uint64_t total = total_;
  for (const auto& [used, key] : idle) {
    if (total <= max_bytes_) break;
    chosen.push_back(key);
    total -= files_.at(key).bytes;
  }
  return chosen;
}

}  // namespace tglink
