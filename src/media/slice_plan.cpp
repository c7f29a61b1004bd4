#include "media/slice_plan.hpp"

#include <algorithm>

namespace tglink {

namespace {

// `position` moved up to the next multiple of `part` (itself when it is one).
std::uint64_t part_boundary_from(std::uint64_t position, std::uint64_t part) {
  return ByteRange{position, position}.widened_to(part).end;
}

}  // namespace

std::uint64_t tdlib_part_bytes(std::uint64_t file_size) {
  constexpr std::uint64_t kMiB = 1 << 20;
  if (file_size <= 250 * kMiB) return 64 << 10;
  if (file_size <= 500 * kMiB) return 128 << 10;
  if (file_size <= 1000 * kMiB) return 256 << 10;
  return 512 << 10;
}

SlicePlan::SlicePlan(SliceSettings settings, const std::vector<ByteRange>& held)
    : settings_(settings), held_(settings.part_bytes) {
  for (const ByteRange& bytes : held) held_.add(bytes);
}

ReaderKey SlicePlan::add_reader(ByteRange range) {
  const ReaderKey key = next_reader_++;
  readers_.emplace(key, Reader{range, range.length()});
  return key;
}

std::vector<std::shared_ptr<Slice>> SlicePlan::consumed(ReaderKey reader, std::uint64_t position) {
  const auto it = readers_.find(reader);
  if (it != readers_.end()) {
    ByteRange& wanted = it->second.wanted;
    wanted.begin = std::clamp(position, wanted.begin, wanted.end);
  }
  return drop_unwanted();
}

std::vector<std::shared_ptr<Slice>> SlicePlan::remove_reader(ReaderKey reader) {
  readers_.erase(reader);
  return drop_unwanted();
}

std::shared_ptr<Slice> SlicePlan::take(LaneIndex lane, bool alone, bool solo,
                                       const std::function<bool(LaneIndex)>& may_steal_from) {
  for (auto& [begin, slice] : slices_) {
    if (!slice->lane && (alone || slice->avoid != lane)) {
      slice->lane = lane;
      return slice;
    }
  }
  if (const std::optional<Gap> gap = next_gap()) return new_slice(lane, gap->begin, solo);
  if (unplanned_bytes_left()) return nullptr;  // past the read-ahead: the clients read on first
  return alone || !may_steal_from ? nullptr : steal(lane, may_steal_from);
}

std::optional<SlicePlan::Gap> SlicePlan::gap_for(const Reader& reader) const {
  std::uint64_t first = reader.wanted.begin;
  auto it = slices_.upper_bound(first);
  if (it != slices_.begin() && std::prev(it)->second->bytes.end > first) --it;
  for (; it != slices_.end() && it->second->bytes.begin <= first; ++it) {
    first = std::max(first, it->second->bytes.end);
  }
  if (first >= reader.wanted.end) return std::nullopt;
  return Gap{first, first - reader.wanted.begin};
}

std::optional<SlicePlan::Gap> SlicePlan::next_gap() const {
  std::optional<Gap> best;
  for (const auto& [key, reader] : readers_) {
    const std::optional<Gap> gap = gap_for(reader);
    if (!gap || gap->ahead >= settings_.read_ahead) continue;
    if (!best || gap->ahead < best->ahead ||
        (gap->ahead == best->ahead && gap->begin < best->begin)) {
      best = gap;
    }
  }
  return best;
}

bool SlicePlan::unplanned_bytes_left() const {
  return std::any_of(readers_.begin(), readers_.end(),
                     [this](const auto& entry) { return gap_for(entry.second).has_value(); });
}

std::vector<ByteRange> SlicePlan::wanted() const {
  std::vector<ByteRange> ranges;
  for (const auto& [key, reader] : readers_) {
    if (!reader.wanted.empty()) ranges.push_back(reader.wanted);
  }
  std::sort(ranges.begin(), ranges.end(),
            [](const ByteRange& a, const ByteRange& b) { return a.begin < b.begin; });
  std::vector<ByteRange> merged;
  for (const ByteRange& range : ranges) {
    if (!merged.empty() && range.begin <= merged.back().end) {
      merged.back().end = std::max(merged.back().end, range.end);
    } else {
      merged.push_back(range);
    }
  }
  return merged;
}

std::uint64_t SlicePlan::free_run_end(std::uint64_t position) const {
  std::uint64_t end = position;
  for (const ByteRange& range : wanted()) {
    if (range.contains(position)) end = range.end;
  }
  const auto next = slices_.upper_bound(position);
  if (next != slices_.end()) end = std::min(end, next->second->bytes.begin);
  if (const std::optional<std::uint64_t> held = held_.next_begin_after(position)) {
    end = std::min(end, *held);
  }
  return end;
}

std::uint64_t SlicePlan::next_length(bool solo) const {
  const std::uint64_t lanes = std::max<std::uint64_t>(settings_.lanes, 1);
  const std::uint64_t longest = solo ? settings_.solo_slice_bytes : settings_.slice_bytes;
  // A range too short for a full slice per lane is shared out in shorter ones. The readers'
  // ranges together are the work asked for: for one stream its range, for a download manager's
  // connections the parts they split the file into.
  std::uint64_t asked = 0;
  for (const auto& [key, reader] : readers_) asked += reader.asked_bytes;
  const std::uint64_t full =
      std::clamp(asked / lanes, std::min(settings_.min_slice_bytes, longest), longest);
  // The work left is the wanted bytes no slice covers and those the other lanes still have to
  // bring; this lane, about to start, takes its share of it. Lanes that start together so get
  // equal slices, and near the end the slices shrink so that every lane ends at about the same
  // time.
  std::uint64_t left = 0;
  for (const ByteRange& range : wanted()) {
    left += range.length();
    for (const auto& [begin, slice] : slices_) {
      left -= slice->bytes.clamped_to(range).length();
    }
  }
  for (const auto& [begin, slice] : slices_) {
    if (slice->lane) left += slice->bytes.end - std::min(slice->bytes.end, slice->ready_end);
  }
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
  const std::uint64_t cut = part_boundary_from(victim->ready_end + kept,
                                               std::max<std::uint64_t>(settings_.part_bytes, 1));
  std::shared_ptr<Slice> tail = split_rest(*victim, cut, std::nullopt);
  if (!tail) return nullptr;
  tail->lane = thief;
  tail->stolen_from = victim->lane;
  victim->cut_by_steal = true;
  return tail;
}

std::shared_ptr<Slice> SlicePlan::new_slice(LaneIndex lane, std::uint64_t begin, bool solo) {
  auto slice = std::make_shared<Slice>();
  const std::uint64_t end = part_boundary_from(ByteRange::starting_at(begin, next_length(solo)).end,
                                               std::max<std::uint64_t>(settings_.part_bytes, 1));
  slice->bytes = ByteRange{begin, std::min(end, free_run_end(begin))};
  slice->ready_end = slice->bytes.begin;
  slice->lane = lane;
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
  if (slice->dropped) return;  // no longer the plan's: nothing to record
  const std::uint64_t on_disk_end = ByteRange::starting_at(slice->bytes.begin, bytes).end;
  if (on_disk_end > slice->bytes.end && !slices_.contains(slice->bytes.end)) {
    // A ready slice with nothing planned after it costs nothing: let it run as far as the bytes
    // on disk that readers want.
    slice->bytes.end =
        std::min(on_disk_end, std::max(slice->bytes.end, free_run_end(slice->bytes.end)));
  }
  split_rest(*slice, std::min(slice->bytes.end, on_disk_end), std::nullopt);
  slice->lane = holder;
  slice->ready_end = slice->bytes.end;
  slice->found_on_disk = true;
  held_.add(ByteRange::starting_at(slice->bytes.begin, bytes));
}

void SlicePlan::nothing_on_disk_at(std::uint64_t position) { held_.forget_at(position); }

void SlicePlan::give_back(const std::shared_ptr<Slice>& slice, LaneIndex stalled_lane) {
  if (slice->dropped) return;  // nobody wants the rest
  if (slice->ready_end > slice->bytes.begin) {
    split_rest(*slice, slice->ready_end, stalled_lane);
    return;
  }
  slice->lane.reset();
  slice->avoid = stalled_lane;
}

bool SlicePlan::wanted_by_someone(const Slice& slice) const {
  return std::any_of(readers_.begin(), readers_.end(), [&slice](const auto& entry) {
    const ByteRange& wanted = entry.second.wanted;
    return !slice.bytes.clamped_to(wanted).empty();
  });
}

std::vector<std::shared_ptr<Slice>> SlicePlan::drop_unwanted() {
  std::vector<std::shared_ptr<Slice>> dropped;
  for (auto it = slices_.begin(); it != slices_.end();) {
    if (wanted_by_someone(*it->second)) {
      ++it;
      continue;
    }
    Slice& slice = *it->second;
    slice.dropped = true;
    if (slice.lane) held_.add({slice.bytes.begin, std::max(slice.bytes.begin, slice.ready_end)});
    if (!slice.complete()) dropped.push_back(it->second);
    it = slices_.erase(it);
  }
  return dropped;
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
