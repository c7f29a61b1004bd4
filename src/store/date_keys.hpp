#pragma once
// The day and month keys every Store takes ("2025-03-01", "2025-03", UTC). They are compared as
// text, so "2024-1" would sort wrongly: anything not zero-padded is refused.

#include <string>

namespace tglink {

// Throw StoreError naming the bad value.
void require_day(const std::string& day);      // YYYY-MM-DD
void require_month(const std::string& month);  // YYYY-MM

}  // namespace tglink
