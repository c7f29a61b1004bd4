#include "store/date_keys.hpp"

#include <cctype>
#include <string_view>

#include "store/store.hpp"

namespace tglink {

namespace {

// '9' in the pattern stands for any digit; every other character must match itself.
bool matches_pattern(const std::string& text, std::string_view pattern) {
  if (text.size() != pattern.size()) {
    return false;
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool want_digit = pattern[i] == '9';
    const bool is_digit = std::isdigit(static_cast<unsigned char>(text[i])) != 0;
    if (want_digit ? !is_digit : text[i] != pattern[i]) {
      return false;
    }
  }
  return true;
}

}  // namespace

void require_day(const std::string& day) {
  if (!matches_pattern(day, "9999-99-99")) {
    throw StoreError("invalid day \"" + day + "\": expected YYYY-MM-DD");
  }
}

void require_month(const std::string& month) {
  if (!matches_pattern(month, "9999-99")) {
    throw StoreError("invalid month \"" + month + "\": expected YYYY-MM");
  }
}

}  // namespace tglink
