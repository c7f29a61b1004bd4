#include "media/held_bytes.hpp"

#include <algorithm>
#include <iterator>

namespace tglink {

HeldBytes::HeldBytes(std::uint64_t part_bytes) : part_bytes_(part_bytes) {}

void HeldBytes::add(ByteRange bytes) {
  if (bytes.empty()) return;
  const ByteRange parts = bytes.widened_to(part_bytes_);
  std::uint64_t begin = parts.begin;
  std::uint64_t end = parts.end;
  auto it = ends_by_begin_.upper_bound(begin);
  if (it != ends_by_begin_.begin() && std::prev(it)->second >= begin) --it;
  while (it != ends_by_begin_.end() && it->first <= end) {
    begin = std::min(begin, it->first);
    end = std::max(end, it->second);
    it = ends_by_begin_.erase(it);
  }
  ends_by_begin_.emplace(begin, end);
  if (ends_by_begin_.size() > kMaxRanges) drop_shortest();
}

std::optional<std::uint64_t> HeldBytes::next_begin_after(std::uint64_t position) const {
  const auto it = ends_by_begin_.upper_bound(position);
  if (it == ends_by_begin_.end()) return std::nullopt;
  return it->first;
}

void HeldBytes::forget_at(std::uint64_t position) {
  auto it = ends_by_begin_.upper_bound(position);
  if (it == ends_by_begin_.begin()) return;
  --it;
  if (position < it->second) ends_by_begin_.erase(it);
}

std::vector<ByteRange> HeldBytes::ranges() const {
  std::vector<ByteRange> held;
  held.reserve(ends_by_begin_.size());
  for (const auto& [begin, end] : ends_by_begin_) held.push_back({begin, end});
  return held;
}

void HeldBytes::drop_shortest() {
  const auto shortest = std::min_element(
      ends_by_begin_.begin(), ends_by_begin_.end(),
      [](const auto& a, const auto& b) { return a.second - a.first < b.second - b.first; });
  ends_by_begin_.erase(shortest);
}

}  // namespace tglink
