// Fuzz target for plan_content (the conditional-request plan). A libFuzzer target (see
// tests/fuzz/CMakeLists.txt), and http_fuzz_driver_test.cpp runs it under the g++ test build too.
//
// Input: lines separated by '\n':
//   size (decimal, saturating; unreadable = 0), method ("HEAD" or anything = GET), Range,
//   If-Range, If-Match, If-None-Match, If-Modified-Since, If-Unmodified-Since.
// The resource always has ETag "\"v1\"" and Last-Modified "Tue, 02 Jan 2024 03:04:05 GMT", which
// the driver's dictionary also contains, so conditions do match sometimes.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "http/content_plan.hpp"
#include "http/header_text.hpp"
#include "http/http_date.hpp"

namespace {

constexpr std::size_t kFields = 8;

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz_content_plan invariant broken: %s\n", what);
  std::abort();
}

std::array<std::string_view, kFields> split_fields(std::string_view input) {
  std::array<std::string_view, kFields> fields{};
  for (std::size_t i = 0; i < kFields && !input.empty(); ++i) {
    const std::size_t newline = input.find('\n');
    fields[i] = input.substr(0, newline);
    input = newline == std::string_view::npos ? std::string_view{} : input.substr(newline + 1);
  }
  return fields;
}

void check_invariants(const tglink::ContentPlan& plan, tglink::RequestMethod method,
                      std::uint64_t size) {
  using tglink::ContentStatus;
  switch (plan.status) {
    case ContentStatus::kOk:
      require(plan.body == tglink::ByteRange::whole(size), "200 sends the whole file");
      require(plan.content_range.empty(), "200 has no Content-Range");
      break;
    case ContentStatus::kPartialContent:
      require(method == tglink::RequestMethod::kGet, "206 only for GET");
      require(!plan.body.empty(), "206 sends something");
      require(plan.body.end <= size, "206 range inside the file");
      require(plan.content_range == tglink::format_content_range(plan.body, size),
              "206 Content-Range matches the range");
      break;
    case ContentStatus::kRangeNotSatisfiable:
      require(method == tglink::RequestMethod::kGet, "416 only for GET");
      require(plan.content_range == tglink::format_unsatisfied_content_range(size),
              "416 carries bytes */size");
      [[fallthrough]];
    case ContentStatus::kNotModified:
    case ContentStatus::kPreconditionFailed:
      require(plan.body == tglink::ByteRange{}, "no body without 200 or 206");
      break;
    default:
      require(false, "status is one of 200, 206, 304, 412, 416");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::array<std::string_view, kFields> fields = split_fields(input);

  tglink::ResourceFacts resource;
  resource.size = tglink::parse_saturating_decimal(fields[0]).value_or(0);
  resource.etag = tglink::EntityTag{"v1", false};
  resource.last_modified = tglink::parse_http_date("Tue, 02 Jan 2024 03:04:05 GMT");
  const tglink::RequestMethod method =
      fields[1] == "HEAD" ? tglink::RequestMethod::kHead : tglink::RequestMethod::kGet;
  const tglink::ConditionalHeaders headers{fields[2], fields[3], fields[4],
                                           fields[5], fields[6], fields[7]};

  check_invariants(tglink::plan_content(method, headers, resource), method, resource.size);
  return 0;
}
