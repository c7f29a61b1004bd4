#include "http/header_text.hpp"

#include <limits>

namespace tglink {
namespace {

bool is_ows(char c) { return c == ' ' || c == '\t'; }

}  // namespace

std::string_view trim_ows(std::string_view text) {
  while (!text.empty() && is_ows(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_ows(text.back())) text.remove_suffix(1);
  return text;
}

std::vector<std::string_view> split_list(std::string_view text) {
  std::vector<std::string_view> elements;
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string_view element = trim_ows(text.substr(0, comma));
    if (!element.empty()) elements.push_back(element);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return elements;
}

std::optional<std::uint64_t> parse_saturating_decimal(std::string_view text) {
  if (text.empty()) return std::nullopt;
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    value = (value > (kMax - digit) / 10) ? kMax : value * 10 + digit;
  }
  return value;
}

}  // namespace tglink
