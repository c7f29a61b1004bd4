#pragma once
// Whether a text (a reply, a page, a log) contains a part, and how often: the checks most text
// assertions make.

#include <cstddef>
#include <string_view>

namespace tglink::testing {

inline bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

// How many times `part` occurs in `text`, overlaps included.
inline std::size_t count_of(std::string_view text, std::string_view part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string_view::npos;
       at = text.find(part, at + 1)) {
    ++count;
  }
  return count;
}

}  // namespace tglink::testing
