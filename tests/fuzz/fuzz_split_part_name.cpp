// Fuzz target for split_part_name (chat/uploads/split_part_name.hpp), which reads the file name
// any user sends. A libFuzzer target (see tests/fuzz/CMakeLists.txt).
//
// Input: the file name, as bytes.
//
// Invariants: a part's joined name is not empty, not only dots and blanks, and shorter than the
// part's name; its number is 0..kMaxSplitPartNumber; a RAR volume (".partN.rar", ".partN.exe")
// is never a part; and a part's name is "NAME.NNN" with its joined name and number, or has ".part"
// in it.

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "chat/uploads/split_part_name.hpp"

namespace {

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz_split_part_name invariant broken: %s\n", what);
  std::abort();
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view name(reinterpret_cast<const char*>(data), size);
  const std::optional<tglink::SplitPartName> part = tglink::split_part_name(name);
  if (!part) return 0;
  const std::string& joined = part->joined_name;
  require(!joined.empty(), "the joined name is not empty");
  require(std::any_of(
              joined.begin(), joined.end(),
              [](char c) { return c != '.' && std::isspace(static_cast<unsigned char>(c)) == 0; }),
          "the joined name is more than dots and blanks");
  require(joined.size() < name.size(), "the joined name is shorter than the part's");
  require(part->number >= 0 && part->number <= tglink::kMaxSplitPartNumber, "the number fits");
  const std::string lowered = lower(name);
  // A part's name ends in its digits or in an extension after them; never in a RAR volume's.
  require(!lowered.ends_with(".rar") && !lowered.ends_with(".exe"), "a RAR volume is not a part");
  char digits[8];
  std::snprintf(digits, sizeof digits, ".%03d", part->number);
  if (name == joined + digits) return 0;  // NAME.NNN
  require(lowered.find(".part") != std::string::npos, "any other part names its number with .part");
  return 0;
}
