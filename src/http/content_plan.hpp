#pragma once
// THE decision of how to answer a GET or HEAD for a file: which status, which bytes, and the
// Content-Range value, from the request's conditional and range headers (RFC 9110 §13 and §14).
// Pure: no I/O and no clock, so every rule is a table row in tests/http/content_plan_test.cpp.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/byte_range.hpp"
#include "core/clock.hpp"
#include "http/entity_tag.hpp"

namespace tglink {

enum class RequestMethod { kGet, kHead };

// The raw field values that matter; an empty view means "absent". When a field came in several
// lines, pass them joined with ", " (RFC 9110 §5.3).
struct ConditionalHeaders {
  std::string_view range{};
  std::string_view if_range{};
  std::string_view if_match{};
  std::string_view if_none_match{};
  std::string_view if_modified_since{};
  std::string_view if_unmodified_since{};
};

// What the server knows about the file. A missing validator simply turns off the conditions
// that would compare against it.
struct ResourceFacts {
  std::uint64_t size = 0;
  std::optional<EntityTag> etag;
  std::optional<SystemTime> last_modified;  // compared at whole-second precision
};

enum class ContentStatus {
  kOk = 200,
  kPartialContent = 206,
  kNotModified = 304,
  kPreconditionFailed = 412,
  kRangeNotSatisfiable = 416,
};

struct ContentPlan {
  ContentStatus status = ContentStatus::kOk;
  // The bytes the body carries. Its length is the Content-Length even for HEAD, whose caller
  // sends the headers and no body. Empty for 304, 412 and 416.
  ByteRange body;
  // "bytes a-b/size" for 206, "bytes */size" for 416, empty otherwise.
  std::string content_range;

  [[nodiscard]] int status_code() const { return static_cast<int>(status); }
  [[nodiscard]] bool has_body() const {
    return status == ContentStatus::kOk || status == ContentStatus::kPartialContent;
  }
};

// Evaluates, in the order of RFC 9110 §13.2.2:
//  1. If-Match: no strong match (or a malformed list)       -> 412
//  2. else If-Unmodified-Since: modified after that date     -> 412
//  3. If-None-Match: weak match                              -> 304
//  4. else If-Modified-Since: not modified since that date   -> 304
//  5. Range, GET only (§14.2 defines ranges for GET alone, so HEAD always gets the 200 headers).
//     With If-Range, the range is used only when If-Range holds: a strong ETag that strongly
//     matches, or a date equal to Last-Modified. Otherwise (weak or unreadable If-Range too)
//     the whole file is sent with 200, which is what a resuming client needs after a change.
//  6. range_header.hpp decides 200, 206 or 416.
// Dates that cannot be read are ignored, as §13.1.3-4 require.
[[nodiscard]] ContentPlan plan_content(RequestMethod method, const ConditionalHeaders& headers,
                                       const ResourceFacts& resource);

// "bytes 0-99/1000" for the range [0, 100) (never empty) and "bytes */1000".
[[nodiscard]] std::string format_content_range(ByteRange range, std::uint64_t size);
[[nodiscard]] std::string format_unsatisfied_content_range(std::uint64_t size);

}  // namespace tglink
