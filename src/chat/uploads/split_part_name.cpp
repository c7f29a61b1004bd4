#include "chat/uploads/split_part_name.hpp"

#include <algorithm>
#include <cctype>

#include "core/ascii_case.hpp"

namespace tglink {

namespace {

bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

bool all_ascii_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), is_ascii_digit);
}

// Up to three digits, so the value always fits and never passes kMaxSplitPartNumber.
int part_number_of(std::string_view digits) {
  int value = 0;
  for (const char c : digits) value = value * 10 + (c - '0');
  return value;
}

// A name someone could save a file under: something besides dots and blanks.
bool usable_joined_name(std::string_view name) {
  return std::any_of(name.begin(), name.end(), [](char c) {
    return c != '.' && std::isspace(static_cast<unsigned char>(c)) == 0;
  });
}

std::optional<SplitPartName> split_part_named(std::string joined_name, std::string_view digits) {
  if (!usable_joined_name(joined_name)) return std::nullopt;
  return SplitPartName{std::move(joined_name), part_number_of(digits)};
}

// NAME.001
std::optional<SplitPartName> numbered_part(std::string_view file_name) {
  constexpr std::size_t kDigits = 3;
  if (file_name.size() < kDigits + 2) return std::nullopt;
  const std::string_view digits = file_name.substr(file_name.size() - kDigits);
  const std::size_t dot = file_name.size() - kDigits - 1;
  if (file_name[dot] != '.' || !all_ascii_digits(digits)) return std::nullopt;
  return split_part_named(std::string(file_name.substr(0, dot)), digits);
}

// NAME.partN (any case) or NAME.partN.EXT (lower-case "part", EXT not a RAR volume's).
std::optional<SplitPartName> part_word(std::string_view file_name) {
  constexpr std::string_view kWord = ".part";
  const std::size_t word = [&] {
    // The last ".part", whatever its case.
    for (std::size_t at = file_name.size(); at-- > 0;) {
      if (iequals_ascii(file_name.substr(at, kWord.size()), kWord)) return at;
    }
    return std::string_view::npos;
  }();
  if (word == std::string_view::npos || word == 0) return std::nullopt;
  const std::string_view rest = file_name.substr(word + kWord.size());
  const std::size_t dot = rest.find('.');
  const std::string_view digits = rest.substr(0, dot);
  if (!all_ascii_digits(digits) || digits.size() > 3) return std::nullopt;
  const std::string_view name = file_name.substr(0, word);
  if (dot == std::string_view::npos) return split_part_named(std::string(name), digits);
  const std::string_view extension = rest.substr(dot + 1);
  if (file_name.substr(word, kWord.size()) != kWord) return std::nullopt;
  if (extension.empty() || extension.find('.') != std::string_view::npos) return std::nullopt;
  if (iequals_ascii(extension, "rar") || iequals_ascii(extension, "exe")) {
    return std::nullopt;
  }
  return split_part_named(std::string(name) + "." + std::string(extension), digits);
}

}  // namespace

std::optional<SplitPartName> split_part_name(std::string_view file_name) {
  if (std::optional<SplitPartName> numbered = numbered_part(file_name)) return numbered;
  return part_word(file_name);
}

}  // namespace tglink
