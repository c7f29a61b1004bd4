#pragma once
// Human and machine time formats used by /api/info and chat replies.

#include <chrono>
#include <string>

#include "core/clock.hpp"

namespace tglink {

// "<d>d <h>h <m>m <s>s", always all four fields, e.g. "0d 1h 2m 3s".
[[nodiscard]] std::string format_uptime(std::chrono::seconds elapsed);

// ISO 8601 in UTC with microseconds and a trailing Z, e.g. "2026-11-21T21:55:21.123456Z".
[[nodiscard]] std::string format_iso8601_utc(SystemTime t);

// "YYYY-MM" of the UTC month containing t; the key of monthly bandwidth.
[[nodiscard]] std::string format_month_utc(SystemTime t);

// "YYYY-MM-DD" of the UTC day containing t; the key of daily link counts.
[[nodiscard]] std::string format_day_utc(SystemTime t);

// The next UTC midnight after t, and the first instant of the next UTC month.
[[nodiscard]] SystemTime next_utc_midnight(SystemTime t);
[[nodiscard]] SystemTime next_utc_month(SystemTime t);

// A short duration phrase for people: "24 hours", "30 minutes", "1 day", "90 seconds".
// Picks the largest unit that divides the duration exactly.
[[nodiscard]] std::string format_duration_human(std::chrono::seconds d);

// "3h 12m" / "12m 5s" / "5s": a compact countdown for "try again in ...".
[[nodiscard]] std::string format_countdown(std::chrono::seconds d);

}  // namespace tglink
