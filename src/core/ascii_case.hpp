#pragma once
// ASCII case, as protocols and file names compare it: only A-Z and a-z are folded, so a byte of
// a UTF-8 sequence is never changed and the result never depends on the C locale (std::tolower
// does depend on it).

#include <string>
#include <string_view>

namespace tglink {

[[nodiscard]] constexpr char ascii_lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// `text` with A-Z made a-z.
[[nodiscard]] inline std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = ascii_lower(c);
  return out;
}

// Equal but for the case of ASCII letters ("Basic" and "basic", "[Events]" and "[events]").
[[nodiscard]] constexpr bool iequals_ascii(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

}  // namespace tglink
