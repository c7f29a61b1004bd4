#pragma once
// ByteRange: a span of bytes of one resource (a stored file), the one shape every layer uses for
// it: the Range header's answer (http/range_header.hpp), the content plan's body
// (http/content_plan.hpp), what serving asks media to send (media/file_streamer.hpp), the bytes
// still to send while a reader advances, and the slices bots download (media/slice_plan.hpp).
//
// The convention, decided once:
//  - half-open [begin, end): length is end - begin with no +1, an empty range exists (the body of
//    a 0-byte file), and a range cut at m is [begin, m) and [m, end) with no -1 anywhere. HTTP's
//    inclusive "first-last" is converted where it is read and written (range_header.cpp,
//    format_content_range), and nowhere else.
//  - unsigned 64-bit: a byte position is never negative, so the type cannot hold one, and the
//    Range header's numbers and every size HTTP handles are unsigned 64-bit. Every range of a
//    resource of `size` bytes ends at or before `size`, which is itself at most 2^64 - 1, so `end`
//    never needs a 65th bit. TDLib counts in signed 64-bit (int53 in practice): media converts at
//    the TDLib boundary (DownloadScheduler), where fits_int64() holds for any range of a file
//    TDLib described.
// Invariant: begin <= end. Every operation below keeps it and none wraps around.

#include <algorithm>
#include <cstdint>
#include <limits>

namespace tglink {

struct ByteRange {
  std::uint64_t begin = 0;  // the first byte
  std::uint64_t end = 0;    // one past the last byte

  // Every byte of a resource of `size` bytes.
  [[nodiscard]] static constexpr ByteRange whole(std::uint64_t size) { return {0, size}; }
  // `length` bytes from `begin`; ends at 2^64 - 1 when the sum would not fit.
  [[nodiscard]] static constexpr ByteRange starting_at(std::uint64_t begin, std::uint64_t length) {
    const std::uint64_t room = std::numeric_limits<std::uint64_t>::max() - begin;
    return {begin, begin + std::min(length, room)};
  }

  [[nodiscard]] constexpr std::uint64_t length() const { return end - begin; }
  [[nodiscard]] constexpr bool empty() const { return begin == end; }
  [[nodiscard]] constexpr bool contains(std::uint64_t position) const {
    return begin <= position && position < end;
  }
  // The last byte, as HTTP's inclusive "first-last" writes it. Only for a non-empty range.
  [[nodiscard]] constexpr std::uint64_t last() const { return end - 1; }

  // The bytes of this range that are also in `outer`; an empty range at the nearest edge of
  // `outer` when they share none.
  [[nodiscard]] constexpr ByteRange clamped_to(ByteRange outer) const {
    const std::uint64_t b = std::clamp(begin, outer.begin, outer.end);
    const std::uint64_t e = std::clamp(end, b, outer.end);
    return {b, e};
  }
  // The range without its first `count` bytes (empty at `end` when count >= length): what is
  // left to send after `count` bytes went out.
  [[nodiscard]] constexpr ByteRange without_first(std::uint64_t count) const {
    return {begin + std::min(count, length()), end};
  }
  // The range grown to whole multiples of `unit` (0 or 1: unchanged): the parts TDLib fetches
  // whole to hold these bytes. Its end stays at 2^64 - 1 when the next multiple would not fit.
  [[nodiscard]] constexpr ByteRange widened_to(std::uint64_t unit) const {
    if (unit <= 1) return *this;
    const std::uint64_t into_last = end % unit;
    const std::uint64_t rounded_end = into_last == 0 ? end : starting_at(end, unit - into_last).end;
    return {begin - begin % unit, rounded_end};
  }
  // True when both ends fit TDLib's signed 64-bit offsets and sizes.
  [[nodiscard]] constexpr bool fits_int64() const {
    return end <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  }

  friend constexpr bool operator==(const ByteRange&, const ByteRange&) = default;
};

}  // namespace tglink
