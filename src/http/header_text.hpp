#pragma once
// Small helpers for reading HTTP field values (RFC 9110 §5.6): optional whitespace, list
// elements, case-insensitive tokens and decimal numbers that must never overflow.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/ascii_case.hpp"  // iequals_ascii, for tokens such as range units

namespace tglink {

// Removes leading and trailing OWS (spaces and horizontal tabs).
[[nodiscard]] std::string_view trim_ows(std::string_view text);

// Splits a comma-separated list and trims each element. Empty elements are dropped, since
// RFC 9110 §5.6.1 requires recipients to accept and ignore them ("a, , b").
[[nodiscard]] std::vector<std::string_view> split_list(std::string_view text);

// A run of one or more ASCII digits as an unsigned number. Values too large for 64 bits
// saturate at UINT64_MAX instead of wrapping: for byte positions "enormous" is the right
// meaning. nullopt when `text` is empty or holds anything but digits (no sign, no spaces).
[[nodiscard]] std::optional<std::uint64_t> parse_saturating_decimal(std::string_view text);

}  // namespace tglink
