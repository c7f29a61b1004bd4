#include "media/slice_plan.hpp"

#include <algorithm>

namespace tglink {

SlicePlan::SlicePlan(ByteRange range, SliceSettings settings)
    : end_(range.end), settings_(settings), position_(range.begin), frontier_(range.begin) {}

std::shared_ptr<Slice> SlicePlan::take(LaneIndex lane, bool alone, bool solo,
                                       const std::function<bool(LaneIndex)>& may_steal_from) {
  for (auto& [begin, slice] : slices_) {
    if (!slice->lane && (alone || slice->avoid != lane)) {
      slice->lane = lane;
      return slice;
    }
  }
  const bool within_read_ahead =
      frontier_ < ByteRange::starting_at(position_, settings_.read_ahead).end;
  if (frontier_ >= end_) return alone || !may_steal_from ? nullptr : steal(lane, may_steal_from);
  if (!within_read_ahead) return nullptr;
  return new_slice(lane, next_length(solo));
}

std::uint64_t SlicePlan::next_length(bool solo) const {
  const std::uint64_t full = solo ? settings_.solo_slice_bytes : settings_.slice_bytes;
  // The work left is the bytes no slice covers and those the other lanes still have to bring;
  // this lane, about to start, takes its share of it. Lanes that start together so get equal
  // slices, and near the end the slices shrink so that every lane ends at about the same time.
  std::uint64_t left = end_ - frontier_;
  for (const auto& [begin, slice] : slices_) {
    if (slice->lane) left += slice->bytes.end - std::min(slice->bytes.end, slice->ready_end);
  }
  const std::uint64_t lanes = std::max<std::uint64_t>(settings_.lanes, 1);
  const std::uint64_t share = (left + lanes - 1) / lanes;
  return std::min(full, std::max(share, settings_.tail_slice_bytes));
}

std::shared_ptr<Slice> SlicePlan::steal(LaneIndex thief,
                                        const std::function<bool(LaneIndex)>& may_steal_from) {
  std::shared_ptr<Slice> victim;
  std::uint64_t most_unready = 0;
  for (const auto& [begin, slice] : slices_) {
    if (!slice->lane || *slice->lane == thief || slice->stolen_from == thief ||
        !may_steal_from(*slice->lane)) {
      continue;
    }
    const std::uint64_t unready = slice->bytes.end - std::min(slice->bytes.end, slice->ready_end);
    if (unready > most_unready) {
      most_unready = unready;
      victim = slice;
    }
  }
  if (!victim) return nullptr;
  const std::uint64_t kept =
      std::max(settings_.steal_margin_bytes, most_unready - most_unready / 2);
  if (most_unready <= kept || most_unready - kept < settings_.steal_min_bytes) return nullptr;
  std::shared_ptr<Slice> tail = split_rest(*victim, victim->ready_end + kept, std::nullopt);
  tail->lane = thief;
  tail->stolen_from = victim->lane;
  victim->cut_by_steal = true;
  return tail;
}

std::shared_ptr<Slice> SlicePlan::new_slice(LaneIndex lane, std::uint64_t length) {
  auto slice = std::make_shared<Slice>();
  slice->bytes = ByteRange::starting_at(frontier_, length).clamped_to({0, end_});
  slice->ready_end = slice->bytes.begin;
  slice->lane = lane;
  frontier_ = slice->bytes.end;
  slices_.emplace(slice->bytes.begin, slice);
  return slice;
}

std::shared_ptr<Slice> SlicePlan::split_rest(Slice& slice, std::uint64_t from,
                                             std::optional<LaneIndex> avoid) {
  if (from >= slice.bytes.end) return nullptr;
  auto rest = std::make_shared<Slice>();
  rest->bytes = ByteRange{from, slice.bytes.end};
  rest->ready_end = from;
  rest->avoid = avoid;
  slice.bytes.end = from;
  slices_.emplace(rest->bytes.begin, rest);
  return rest;
}

void SlicePlan::already_on_disk(const std::shared_ptr<Slice>& slice, LaneIndex holder,
                                std::uint64_t bytes) {
  const std::uint64_t on_disk_end = ByteRange::starting_at(slice->bytes.begin, bytes).end;
  if (slice->bytes.end == frontier_ && on_disk_end > frontier_) {
    // A ready slice at the frontier costs nothing: let it run as far as the bytes on disk.
    slice->bytes.end = std::min(end_, on_disk_end);
    frontier_ = slice->bytes.end;
  }
  split_rest(*slice, std::min(slice->bytes.end, on_disk_end), std::nullopt);
  slice->lane = holder;
  slice->ready_end = slice->bytes.end;
  slice->found_on_disk = true;
}

void SlicePlan::give_back(const std::shared_ptr<Slice>& slice, LaneIndex stalled_lane) {
  if (slice->ready_end > slice->bytes.begin) {
    split_rest(*slice, slice->ready_end, stalled_lane);
    return;
  }
  slice->lane.reset();
  slice->avoid = stalled_lane;
}

void SlicePlan::consumed(std::uint64_t position) {
  position_ = std::max(position_, position);
  while (!slices_.empty() && slices_.begin()->second->bytes.end <= position_) {
    slices_.erase(slices_.begin());
  }
}

std::shared_ptr<Slice> SlicePlan::at(std::uint64_t position) const {
  auto it = slices_.upper_bound(position);
  if (it == slices_.begin()) return nullptr;
  --it;
  return it->second->bytes.contains(position) ? it->second : nullptr;
}

std::size_t SlicePlan::waiting() const {
  return static_cast<std::size_t>(std::count_if(
      slices_.begin(), slices_.end(), [](const auto& entry) { return !entry.second->lane; }));
}

}  // namespace tglink
