#pragma once
// Whether a text (a reply, a page, a log) contains a part: the check most text assertions make.

#include <string_view>

namespace tglink::testing {

inline bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

}  // namespace tglink::testing
