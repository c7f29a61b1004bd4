#include "media/slice_plan.hpp"

#include <algorithm>

namespace tglink {

SlicePlan::SlicePlan(std::int64_t begin, std::int64_t end, SliceSettings settings)
    : end_(end), settings_(settings), position_(begin), frontier_(begin) {}

std::shared_ptr<Slice> SlicePlan::take(LaneIndex lane, bool alone) {
  for (auto& [begin, slice] : slices_) {
    if (!slice->lane && (alone || slice->avoid != lane)) {
      slice->lane = lane;
      return slice;
    }
  }
  const bool within_read_ahead = frontier_ < position_ + settings_.read_ahead;
  if (frontier_ >= end_ || !within_read_ahead) return nullptr;
  return new_slice(lane);
}

std::shared_ptr<Slice> SlicePlan::new_slice(LaneIndex lane) {
  auto slice = std::make_shared<Slice>();
  slice->begin = frontier_;
  slice->end = std::min(end_, frontier_ + settings_.slice_bytes);
  slice->ready_end = slice->begin;
  slice->lane = lane;
  frontier_ = slice->end;
  slices_.emplace(slice->begin, slice);
  return slice;
}

void SlicePlan::split_rest(Slice& slice, std::int64_t from, std::optional<LaneIndex> avoid) {
  if (from >= slice.end) return;
  auto rest = std::make_shared<Slice>();
  rest->begin = from;
  rest->end = slice.end;
  rest->ready_end = from;
  rest->avoid = avoid;
  slice.end = from;
  slices_.emplace(rest->begin, rest);
}

void SlicePlan::already_on_disk(const std::shared_ptr<Slice>& slice, LaneIndex holder,
                                std::int64_t bytes) {
  const std::int64_t on_disk_end = slice->begin + std::max<std::int64_t>(bytes, 0);
  if (slice->end == frontier_ && on_disk_end > frontier_) {
    // A ready slice at the frontier costs nothing: let it run as far as the bytes on disk.
    slice->end = std::min(end_, on_disk_end);
    frontier_ = slice->end;
  }
  split_rest(*slice, std::min(slice->end, on_disk_end), std::nullopt);
  slice->lane = holder;
  slice->ready_end = slice->end;
  slice->found_on_disk = true;
}

void SlicePlan::give_back(const std::shared_ptr<Slice>& slice, LaneIndex stalled_lane) {
  if (slice->ready_end > slice->begin) {
    split_rest(*slice, slice->ready_end, stalled_lane);
    return;
  }
  slice->lane.reset();
  slice->avoid = stalled_lane;
}

void SlicePlan::consumed(std::int64_t position) {
  position_ = std::max(position_, position);
  while (!slices_.empty() && slices_.begin()->second->end <= position_) {
    slices_.erase(slices_.begin());
  }
}

std::shared_ptr<Slice> SlicePlan::at(std::int64_t position) const {
  auto it = slices_.upper_bound(position);
  if (it == slices_.begin()) return nullptr;
  --it;
  return position < it->second->end ? it->second : nullptr;
}

std::size_t SlicePlan::waiting() const {
  return static_cast<std::size_t>(std::count_if(
      slices_.begin(), slices_.end(), [](const auto& entry) { return !entry.second->lane; }));
}

}  // namespace tglink
