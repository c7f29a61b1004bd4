#pragma once
// A byte range of a file made of parts laid end to end (a split file joined into one link,
// chat/uploads/split_upload.hpp), as the ranges of the parts that hold it: byte `x` of the
// whole is byte `x - (sizes of the parts before)` of its part. Pure; JoinedFileStreamer
// (media/joined_file_streamer.hpp) sends each piece through the reader of a single file.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/byte_range.hpp"

namespace tglink {

struct PartRange {
  std::size_t part = 0;  // index into the sizes
  ByteRange bytes;       // inside that part, never empty

  friend bool operator==(const PartRange&, const PartRange&) = default;
};

// The pieces of `range` (of the whole, whose size is the sum of `part_sizes`), in order; bytes
// past the end of the whole are left out, and empty parts hold no piece.
[[nodiscard]] std::vector<PartRange> part_ranges(std::span<const std::uint64_t> part_sizes,
                                                 ByteRange range);

}  // namespace tglink
