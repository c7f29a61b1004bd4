#pragma once
// HTTP dates (RFC 9110 §5.6.7): Last-Modified, If-Modified-Since, If-Unmodified-Since, If-Range.

#include <optional>
#include <string>
#include <string_view>

#include "core/clock.hpp"

namespace tglink {

// IMF-fixdate, the only form a sender may generate: "Sun, 06 Nov 1994 08:49:37 GMT".
// Sub-second parts of `t` are dropped (rounded down).
[[nodiscard]] std::string format_http_date(SystemTime t);

// Reads any of the three forms a recipient must accept; surrounding spaces are ignored:
//   IMF-fixdate  "Sun, 06 Nov 1994 08:49:37 GMT"
//   RFC 850      "Sunday, 06-Nov-94 08:49:37 GMT"  (two-digit year: 70-99 -> 19xx, 00-69 -> 20xx)
//   asctime      "Sun Nov  6 08:49:37 1994"
// Names are matched case-sensitively, as the grammar says; the weekday is not cross-checked
// against the date. nullopt for anything else, including impossible dates such as Feb 30 and
// years outside 1900-2200 (which SystemTime could not hold or no real file has).
[[nodiscard]] std::optional<SystemTime> parse_http_date(std::string_view text);

}  // namespace tglink
