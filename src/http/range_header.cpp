#include "http/range_header.hpp"

#include <optional>
#include <vector>

#include "http/header_text.hpp"

namespace tglink {
namespace {

constexpr RangeDecision kWhole{RangeOutcome::kWholeResource, {}};
constexpr RangeDecision kUnsatisfiable{RangeOutcome::kUnsatisfiable, {}};

RangeDecision partial(std::uint64_t begin, std::uint64_t end) {
  return RangeDecision{RangeOutcome::kPartial, ByteRange{begin, end}};
}

// "-n": the final n bytes.
RangeDecision decide_suffix(std::uint64_t suffix_length, std::uint64_t size) {
  if (suffix_length == 0 || size == 0) return kUnsatisfiable;
  const std::uint64_t begin = suffix_length >= size ? 0 : size - suffix_length;
  return partial(begin, size);
}

// "a-" or "a-b"; `last` is nullopt for the open-ended form.
RangeDecision decide_from(std::uint64_t first, std::optional<std::uint64_t> last,
                          std::uint64_t size) {
  if (last && *last < first) return kWhole;  // malformed: the header is ignored
  if (first >= size) return kUnsatisfiable;  // also covers every range on an empty file
  // last < size here, so last + 1 cannot wrap even when last is 2^64 - 2.
  const std::uint64_t end = (last && *last < size) ? *last + 1 : size;
  return partial(first, end);
}

RangeDecision decide_spec(std::string_view spec, std::uint64_t size) {
  const std::size_t dash = spec.find('-');
  if (dash == std::string_view::npos) return kWhole;
  const std::string_view first_text = trim_ows(spec.substr(0, dash));
  const std::string_view last_text = trim_ows(spec.substr(dash + 1));
  if (first_text.empty()) {
    const std::optional<std::uint64_t> suffix = parse_saturating_decimal(last_text);
    return suffix ? decide_suffix(*suffix, size) : kWhole;
  }
  const std::optional<std::uint64_t> first = parse_saturating_decimal(first_text);
  if (!first) return kWhole;
  if (last_text.empty()) return decide_from(*first, std::nullopt, size);
  const std::optional<std::uint64_t> last = parse_saturating_decimal(last_text);
  return last ? decide_from(*first, last, size) : kWhole;
}

}  // namespace

RangeDecision decide_byte_range(std::string_view range_header, std::uint64_t resource_size) {
  const std::size_t equals = range_header.find('=');
  if (equals == std::string_view::npos) return kWhole;
  if (!iequals_ascii(trim_ows(range_header.substr(0, equals)), "bytes")) return kWhole;
  const std::vector<std::string_view> specs = split_list(range_header.substr(equals + 1));
  if (specs.size() != 1) return kWhole;  // none, or several: see the header comment
  return decide_spec(specs.front(), resource_size);
}

}  // namespace tglink
