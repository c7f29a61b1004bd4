#pragma once
// `text` without the characters of `blanks` at either end: each caller names what it counts as
// blank (a header value, a WebVTT line, a pasted URL).

#include <string_view>

namespace tglink {

[[nodiscard]] constexpr std::string_view trim(std::string_view text, std::string_view blanks) {
  const std::size_t first = text.find_first_not_of(blanks);
  if (first == std::string_view::npos) return {};
  const std::size_t last = text.find_last_not_of(blanks);
  return text.substr(first, last - first + 1);
}

}  // namespace tglink
