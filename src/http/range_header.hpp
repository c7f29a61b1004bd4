#pragma once
// Reading a Range request header against a resource of known size (RFC 9110 §14.1-14.2).
//
// Only the "bytes" unit and a single range are honoured. A Range header that is malformed,
// names another unit, or asks for several ranges ("bytes=0-1,5-6") is ignored and the whole
// resource is sent with 200; RFC 9110 §14.2 lets a server ignore Range at any time. Multiple
// ranges would need a multipart/byteranges body, which video and audio players never ask for
// and which would cost a second code path through the streaming reader for no user.

#include <cstdint>
#include <string_view>

#include "core/byte_range.hpp"

namespace tglink {

enum class RangeOutcome {
  kWholeResource,  // no usable Range: answer 200 with everything
  kPartial,        // one satisfiable range: answer 206 with `range`
  kUnsatisfiable,  // well-formed, but no byte of it exists: answer 416, "bytes */size"
};

struct RangeDecision {
  RangeOutcome outcome = RangeOutcome::kWholeResource;
  ByteRange range;  // meaningful only for kPartial: never empty, inside the resource

  friend bool operator==(const RangeDecision&, const RangeDecision&) = default;
};

// Decides how to answer `range_header` (the raw field value; empty when absent) for a
// resource of `resource_size` bytes.
// HTTP's positions are inclusive; the answer is the half-open ByteRange:
//  - "bytes=a-b": [a, min(b + 1, size)); b < a is malformed (ignored).
//  - "bytes=a-":  [a, size).
//  - "bytes=-n":  the last n bytes, or all of them when n >= size; "-0" is unsatisfiable.
//  - a first position >= size, or any well-formed range on an empty resource: unsatisfiable.
// The unit is case-insensitive and spaces/tabs around "=", "-" and "," are tolerated. Numbers too
// large for 64 bits count as "past any end" rather than wrapping.
[[nodiscard]] RangeDecision decide_byte_range(std::string_view range_header,
                                              std::uint64_t resource_size);

}  // namespace tglink
