#pragma once
// Which bot brings which bytes of one stream, as pure bookkeeping (SpreadReader drives it).
//
// The stream's range is cut, ahead of the client, into slices of at most
// `slice_bytes`. Each slice is taken by one lane (one bot's file of the stream) and grows a
// ready prefix as that bot's TDLib file fills. The client's bytes are sent in order from the
// slice that holds the position, whichever lane it is. Slices are made only up to `read_ahead`
// bytes past the client's position, so a slow client does not make the bots download the whole
// file. A lane that stalls gives its slice back: the bytes it brought stay where they are
// (a shorter slice), the rest becomes a new slice that this lane may not take again.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>

#include "core/byte_range.hpp"

namespace tglink {

struct SliceSettings {
  // A bot loses about one round trip each time it starts another slice of the same stream (TDLib
  // keeps one window per file, so that slice cannot wait behind the last as another stream's
  // can, media/bot_turns.hpp). 8 MiB is a second of a bot at 8 MiB/s, so a round trip of
  // 50-150 ms costs under a tenth; longer slices would hold more of each stream on disk ahead of
  // its client and hand a stalled bot's bytes over in coarser pieces.
  std::uint64_t slice_bytes = 8 << 20;
  // The length of a slice whose bot no other stream holds or waits for: twice the usual halves
  // that round trip lost per slice (docs/performance.md: one cold stream on 8 bots went from
  // 0.84 to 0.92 of 8 x ceiling). Only then, so that a bot shared by several streams still
  // passes from one to the next after a second of work (media/bot_turns.hpp).
  std::uint64_t solo_slice_bytes = 16 << 20;
  // A short range is cut into slices of its length / lanes, but never below this: a 1 MiB slice
  // is still several parts (64-512 KiB) a bot keeps in flight at once.
  std::uint64_t min_slice_bytes = 1 << 20;
  // How far past the client's position slices are made (send_spread raises it to two slices per
  // bot, so each bot has one slice under way and one to start).
  std::uint64_t read_ahead = 32 << 20;
  // The lanes sharing the stream (send_spread sets it). Toward the end a new slice is the work
  // left (bytes no slice covers, and those other lanes still have to bring) divided among them,
  // never shorter than `tail_slice_bytes`, so that the lanes end together: a 96 MiB file in
  // 16 MiB slices on 4 bots left two bots idle for the last third.
  std::size_t lanes = 1;
  // 2 MiB is a quarter of a second of a bot at 8 MiB/s, against a round trip of 50-150 ms lost
  // per slice: shorter tail slices would spend more in round trips than they balance.
  std::uint64_t tail_slice_bytes = 2 << 20;
  // A lane with nothing left to take steals the unready second half of the slice with the most
  // bytes still to come, when that half is at least `steal_min_bytes` (a slower bot's tail).
  // The slice it is cut from keeps `steal_margin_bytes` past its ready bytes at least: what
  // TDLib may have in flight (2 MiB of parts per client), which would otherwise come twice.
  std::uint64_t steal_min_bytes = 4 << 20;
  std::uint64_t steal_margin_bytes = 2 << 20;
};

using LaneIndex = std::size_t;

struct Slice {
  ByteRange bytes;
  std::optional<LaneIndex> lane;   // who brings or holds the bytes; none while waiting
  std::optional<LaneIndex> avoid;  // a lane that stalled on these bytes
  std::uint64_t ready_end = 0;     // [bytes.begin, ready_end) are on disk in the lane's file
  bool found_on_disk = false;      // its bytes were on disk before the stream asked for them
  // A stolen tail: the lane whose slice it was cut from, which may bring some of it too.
  std::optional<LaneIndex> stolen_from;
  bool cut_by_steal = false;  // its tail was stolen: the lane stops at the new end

  [[nodiscard]] bool complete() const { return ready_end >= bytes.end; }
};

class SlicePlan {
 public:
  SlicePlan(ByteRange range, SliceSettings settings);

  // The first waiting slice `lane` may take, else a new one at the frontier when it is within
  // the read-ahead (toward the end the rest / lanes long, see SliceSettings::lanes), else, once
  // every byte has a slice, the tail of another lane's slice (steal); nullptr when there is
  // nothing to do now. The slice is the lane's. `alone`:
  // no other lane can work now, so slices this lane stalled on are its again. `solo`: the lane's
  // bot serves no other stream now, so a new slice is `solo_slice_bytes` long.
  // `may_steal_from(victim)` says which lanes' slices this one may steal from (none when empty):
  // those of slower bots, so that a slow bot never takes a fast one's bytes.
  std::shared_ptr<Slice> take(LaneIndex lane, bool alone = false, bool solo = false,
                              const std::function<bool(LaneIndex)>& may_steal_from = {});
  // `holder` already has `bytes` from the slice's begin on disk (another bot downloaded them
  // before): the slice becomes those bytes, ready, held by `holder` (at the frontier it grows to
  // all of them); the rest (if any) waits as a new slice.
  void already_on_disk(const std::shared_ptr<Slice>& slice, LaneIndex holder, std::uint64_t bytes);
  // The slice's lane stalled or failed: its ready bytes stay with it, the rest waits as a new
  // slice that lane may not take.
  void give_back(const std::shared_ptr<Slice>& slice, LaneIndex stalled_lane);
  // The client got every byte before `position`: slices wholly before it are dropped.
  void consumed(std::uint64_t position);

  // The slice holding `position`, or nullptr when none is planned there yet.
  [[nodiscard]] std::shared_ptr<Slice> at(std::uint64_t position) const;
  [[nodiscard]] std::uint64_t position() const { return position_; }
  [[nodiscard]] std::uint64_t end() const { return end_; }
  // Slices not yet taken by any lane.
  [[nodiscard]] std::size_t waiting() const;

 private:
  std::shared_ptr<Slice> new_slice(LaneIndex lane, std::uint64_t length);
  [[nodiscard]] std::uint64_t next_length(bool solo) const;
  // The second half of the unready bytes of the slice with the most of them, for `thief`.
  std::shared_ptr<Slice> steal(LaneIndex thief,
                               const std::function<bool(LaneIndex)>& may_steal_from);
  // Cuts [from, slice's end) off the slice as a new waiting slice (null when nothing is cut).
  std::shared_ptr<Slice> split_rest(Slice& slice, std::uint64_t from,
                                    std::optional<LaneIndex> avoid);

  std::uint64_t end_;
  SliceSettings settings_;
  std::uint64_t position_;                                  // the client's next byte
  std::uint64_t frontier_;                                  // the first byte no slice covers
  std::map<std::uint64_t, std::shared_ptr<Slice>> slices_;  // by begin; never overlapping
};

}  // namespace tglink
