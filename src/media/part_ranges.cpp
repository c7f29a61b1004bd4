#include "media/part_ranges.hpp"

namespace tglink {

std::vector<PartRange> part_ranges(std::span<const std::uint64_t> part_sizes, ByteRange range) {
  std::vector<PartRange> pieces;
  std::uint64_t part_begin = 0;  // where the part starts in the whole
  for (std::size_t part = 0; part < part_sizes.size() && part_begin < range.end; ++part) {
    const ByteRange in_whole = ByteRange::starting_at(part_begin, part_sizes[part]);
    const ByteRange shared = range.clamped_to(in_whole);
    if (!shared.empty()) {
      pieces.push_back(PartRange{part, {shared.begin - part_begin, shared.end - part_begin}});
    }
    part_begin = in_whole.end;
  }
  return pieces;
}

}  // namespace tglink
