#pragma once
// Which bot brings which bytes of one file while its clients read ranges of it, as pure
// bookkeeping (SpreadReader drives it).
//
// Every stream of the file being sent now is a reader of one plan, with its range and its
// position in it: the connections of a download manager, each asking for its own part of the
// file, or a player and a seek. The plan cuts the bytes the readers want into slices of at most
// `slice_bytes`, held in one map for the whole file and never overlapping, so a byte is planned
// once however many readers want it: a reader whose next bytes another reader's slice brings
// waits for that slice and reads from it. Each slice is taken by one lane (one bot's file) and
// grows a ready prefix as that bot's TDLib file fills; each client's bytes are sent in order from
// the slice that holds its position, whichever lane it is.
//
// A new slice goes where a client waits: at the first byte no slice covers at or after a
// reader's position, for the reader with the fewest planned bytes ahead of it (one that is
// blocked first). It stops at the next planned slice and at the end of the bytes some reader
// wants, so no lane reads ahead into bytes no reader asked for or another slice brings; and it
// is made only within `read_ahead` bytes of that reader's position, so a slow client does not
// make the bots download the whole file. A lane that stalls gives its slice back: the bytes it
// brought stay where they are (a shorter slice), the rest becomes a new slice that this lane may
// not take again. A slice no reader wants any more (they read past it or left) leaves the plan,
// marked dropped, so its lane stops; the bytes it brought are remembered as held
// (media/held_bytes.hpp), and a later slice ends where they begin, so a stream after a range
// does not fetch the range's bytes again.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "core/byte_range.hpp"
#include "media/held_bytes.hpp"

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
  // Short ranges are cut into slices of the readers' ranges' length / lanes, but never below
  // this: a 1 MiB slice is still several parts (64-512 KiB) a bot keeps in flight at once.
  std::uint64_t min_slice_bytes = 1 << 20;
  // How far past a client's position slices are made (the spread reader raises it to two slices per
  // bot, so each bot has one slice under way and one to start).
  std::uint64_t read_ahead = 32 << 20;
  // The lanes sharing the file (the spread reader sets it). Toward the end a new slice is the work
  // left (wanted bytes no slice covers, and those other lanes still have to bring) divided among
  // them, never shorter than `tail_slice_bytes`, so that the lanes end together: a 96 MiB file in
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
  // TDLib's part size for the file: where the plan chooses where a slice ends (its length, a
  // steal), it ends at a part's boundary, so that two bots never both fetch the part a boundary
  // would cut. 0 or 1 here: anywhere; the spread reader sets 0 to tdlib_part_bytes(its size).
  std::uint64_t part_bytes = 0;
};

// The size of the parts TDLib downloads a file of `file_size` bytes in (DESIGN.md, "TDLib
// facts"): 64 KiB up to 250 MiB, 128 KiB up to 500 MiB, 256 KiB up to 1000 MiB, 512 KiB above.
[[nodiscard]] std::uint64_t tdlib_part_bytes(std::uint64_t file_size);

using LaneIndex = std::size_t;
// One reader of the plan: a stream of the file being sent now.
using ReaderKey = std::uint64_t;

struct Slice {
  ByteRange bytes;
  std::optional<LaneIndex> lane;   // who brings or holds the bytes; none while waiting
  std::optional<LaneIndex> avoid;  // a lane that stalled on these bytes
  std::uint64_t ready_end = 0;     // [bytes.begin, ready_end) are on disk in the lane's file
  bool found_on_disk = false;      // its bytes were on disk before the stream asked for them
  // A stolen tail: the lane whose slice it was cut from, which may bring some of it too.
  std::optional<LaneIndex> stolen_from;
  bool cut_by_steal = false;  // its tail was stolen: the lane stops at the new end
  bool dropped = false;       // no reader wants it any more: its lane stops

  [[nodiscard]] bool complete() const { return ready_end >= bytes.end; }
};

class SlicePlan {
 public:
  // `held`: bytes of the file the bots' files held when an earlier plan of it ended.
  explicit SlicePlan(SliceSettings settings, const std::vector<ByteRange>& held = {});

  // A stream joins the plan wanting `range`, from its begin.
  ReaderKey add_reader(ByteRange range);
  // The reader got every byte before `position`. Answers the slices no reader wants any more,
  // dropped from the plan: those still being downloaded are to be stopped.
  std::vector<std::shared_ptr<Slice>> consumed(ReaderKey reader, std::uint64_t position);
  // The reader's stream ended; answers the slices dropped with it, as consumed() does.
  std::vector<std::shared_ptr<Slice>> remove_reader(ReaderKey reader);

  // The first waiting slice `lane` may take, else a new one where a reader waits (see the top of
  // this file; toward the end the work left / lanes long, see SliceSettings::lanes), else, once
  // every wanted byte has a slice, the tail of another lane's slice (steal); nullptr when there
  // is nothing to do now. The slice is the lane's. `alone`:
  // no other lane can work now, so slices this lane stalled on are its again. `solo`: the lane's
  // bot serves no other file now, so a new slice may be `solo_slice_bytes` long.
  // `may_steal_from(victim)` says which lanes' slices this one may steal from (none when empty):
  // those of slower bots, so that a slow bot never takes a fast one's bytes.
  std::shared_ptr<Slice> take(LaneIndex lane, bool alone = false, bool solo = false,
                              const std::function<bool(LaneIndex)>& may_steal_from = {});
  // `holder` already has `bytes` from the slice's begin on disk (another bot downloaded them
  // before): the slice becomes those bytes, ready, held by `holder` (when nothing is planned
  // after it, it grows to all of them that readers want); the rest (if any) waits as a new slice.
  void already_on_disk(const std::shared_ptr<Slice>& slice, LaneIndex holder, std::uint64_t bytes);
  // The slice's lane stalled or failed: its ready bytes stay with it, the rest waits as a new
  // slice that lane may not take. Neither changes a dropped slice.
  void give_back(const std::shared_ptr<Slice>& slice, LaneIndex stalled_lane);
  // No lane had bytes at `position` on disk: what was held there is not any more.
  void nothing_on_disk_at(std::uint64_t position);

  // The slice holding `position`, or nullptr when none is planned there yet.
  [[nodiscard]] std::shared_ptr<Slice> at(std::uint64_t position) const;
  // Slices not yet taken by any lane.
  [[nodiscard]] std::size_t waiting() const;
  [[nodiscard]] std::size_t readers() const { return readers_.size(); }
  // What the bots' files hold, as far as the plan saw it: for the file's next plan.
  [[nodiscard]] std::vector<ByteRange> held() const { return held_.ranges(); }

 private:
  struct Reader {
    ByteRange wanted;           // [its position, its range's end)
    std::uint64_t asked_bytes;  // its whole range's length
  };
  // The first byte no slice covers in a reader's wanted bytes, within its read-ahead.
  struct Gap {
    std::uint64_t begin = 0;
    std::uint64_t ahead = 0;  // bytes planned between the reader's position and the gap
  };

  [[nodiscard]] std::optional<Gap> gap_for(const Reader& reader) const;
  // The gap of the reader with the fewest planned bytes ahead (ties: the lowest byte).
  [[nodiscard]] std::optional<Gap> next_gap() const;
  // Some reader wants bytes no slice covers (within its read-ahead or not).
  [[nodiscard]] bool unplanned_bytes_left() const;
  // Where a slice starting at `position` must end at the latest: the end of the wanted bytes
  // that run on without a break from there, or the next planned slice or held bytes if those
  // come first.
  [[nodiscard]] std::uint64_t free_run_end(std::uint64_t position) const;
  // The readers' wanted bytes, merged where they touch or overlap.
  [[nodiscard]] std::vector<ByteRange> wanted() const;
  [[nodiscard]] bool wanted_by_someone(const Slice& slice) const;
  std::vector<std::shared_ptr<Slice>> drop_unwanted();
  std::shared_ptr<Slice> new_slice(LaneIndex lane, std::uint64_t begin, bool solo);
  [[nodiscard]] std::uint64_t next_length(bool solo) const;
  // The second half of the unready bytes of the slice with the most of them, for `thief`.
  std::shared_ptr<Slice> steal(LaneIndex thief,
                               const std::function<bool(LaneIndex)>& may_steal_from);
  // Cuts [from, slice's end) off the slice as a new waiting slice (null when nothing is cut).
  std::shared_ptr<Slice> split_rest(Slice& slice, std::uint64_t from,
                                    std::optional<LaneIndex> avoid);

  SliceSettings settings_;
  std::map<ReaderKey, Reader> readers_;
  ReaderKey next_reader_ = 1;
  std::map<std::uint64_t, std::shared_ptr<Slice>> slices_;  // by begin; never overlapping
  HeldBytes held_;
};

}  // namespace tglink
