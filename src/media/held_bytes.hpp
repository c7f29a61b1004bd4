#pragma once
// Which bytes of one file the bots' TDLib files hold, as far as this process saw them arrive: a
// hint for the slice plan (media/slice_plan.hpp), so that a new slice ends where bytes a bot
// brought for an earlier range begin, instead of fetching them again. The plan only learns
// whether a bot has bytes at a slice's first byte (TDLib answers a downloaded prefix from an
// offset, nothing further on), so without this a slice that starts before such bytes runs
// through them.
//
// Only a hint: TDLib may have deleted the file since (media/cache_budget.hpp), so a slice still
// asks TDLib at its first byte, and a range found missing there is forgotten.
//
// Ranges are widened to TDLib's parts, which it downloads whole, and merged where they touch. At
// most `kMaxRanges` are kept; past that the shortest goes, the least to lose.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "core/byte_range.hpp"

namespace tglink {

class HeldBytes {
 public:
  static constexpr std::size_t kMaxRanges = 64;

  // `part_bytes`: TDLib's part size for the file (media/slice_plan.hpp); 0 or 1 for bytes.
  explicit HeldBytes(std::uint64_t part_bytes);

  void add(ByteRange bytes);
  // The first byte of the first held range that begins after `position`.
  [[nodiscard]] std::optional<std::uint64_t> next_begin_after(std::uint64_t position) const;
  // A bot was asked at `position` and had nothing there: the range holding it was wrong.
  void forget_at(std::uint64_t position);
  [[nodiscard]] std::vector<ByteRange> ranges() const;

 private:
  void drop_shortest();

  std::uint64_t part_bytes_;
  std::map<std::uint64_t, std::uint64_t> ends_by_begin_;  // never overlapping nor touching
};

}  // namespace tglink
