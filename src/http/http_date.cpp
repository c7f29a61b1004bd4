#include "http/http_date.hpp"

#include <array>
#include <chrono>
#include <cstdio>

#include "http/header_text.hpp"

namespace tglink {
namespace {

using std::chrono::days;
using std::chrono::seconds;

constexpr std::array<std::string_view, 7> kShortDays = {"Sun", "Mon", "Tue", "Wed",
                                                        "Thu", "Fri", "Sat"};
constexpr std::array<std::string_view, 7> kLongDays = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                       "Thursday", "Friday", "Saturday"};
constexpr std::array<std::string_view, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

constexpr int kEarliestYear = 1900;
constexpr int kLatestYear = 2200;

// The pieces every form carries, before they are checked and combined.
struct DateFields {
  int year = 0;
  unsigned month = 0;  // 1..12
  unsigned day = 0;
  int hour = 0;
  int minute = 0;
  int second = 0;
};

template <std::size_t N>
bool is_one_of(std::string_view text, const std::array<std::string_view, N>& names) {
  for (const std::string_view name : names) {
    if (text == name) return true;
  }
  return false;
}

unsigned month_number(std::string_view text) {
  for (std::size_t i = 0; i < kMonths.size(); ++i) {
    if (text == kMonths[i]) return static_cast<unsigned>(i + 1);
  }
  return 0;
}

// Exactly `text.size()` digits; " 6" (space-padded, asctime) is allowed when `allow_pad`.
std::optional<int> fixed_digits(std::string_view text, bool allow_pad = false) {
  if (allow_pad && text.size() == 2 && text[0] == ' ') text.remove_prefix(1);
  const std::optional<std::uint64_t> value = parse_saturating_decimal(text);
  if (!value || text.size() > 4) return std::nullopt;
  return static_cast<int>(*value);
}

// "08:49:37"
bool read_time(std::string_view text, DateFields& fields) {
  if (text.size() != 8 || text[2] != ':' || text[5] != ':') return false;
  const std::optional<int> h = fixed_digits(text.substr(0, 2));
  const std::optional<int> m = fixed_digits(text.substr(3, 2));
  const std::optional<int> s = fixed_digits(text.substr(6, 2));
  if (!h || !m || !s) return false;
  fields.hour = *h;
  fields.minute = *m;
  fields.second = *s;
  return true;
}

// "06 Nov 1994" with `separator` ' ', or "06-Nov-94" with '-'.
bool read_day_month_year(std::string_view text, char separator, std::size_t year_digits,
                         DateFields& fields) {
  if (text.size() != 7 + year_digits || text[2] != separator || text[6] != separator) return false;
  const std::optional<int> day = fixed_digits(text.substr(0, 2));
  const std::optional<int> year = fixed_digits(text.substr(7));
  fields.month = month_number(text.substr(3, 3));
  if (!day || !year) return false;
  fields.day = static_cast<unsigned>(*day);
  fields.year = *year;
  return true;
}

// "Sun, 06 Nov 1994 08:49:37 GMT"
bool read_imf_fixdate(std::string_view text, DateFields& fields) {
  if (text.size() != 29 || text.substr(3, 2) != ", " || text[16] != ' ' || text[25] != ' ') {
    return false;
  }
  return is_one_of(text.substr(0, 3), kShortDays) && text.substr(26) == "GMT" &&
         read_day_month_year(text.substr(5, 11), ' ', 4, fields) &&
         read_time(text.substr(17, 8), fields);
}

// "Sunday, 06-Nov-94 08:49:37 GMT"
bool read_rfc850(std::string_view text, DateFields& fields) {
  const std::size_t comma = text.find(", ");
  if (comma == std::string_view::npos || !is_one_of(text.substr(0, comma), kLongDays)) {
    return false;
  }
  const std::string_view rest = text.substr(comma + 2);
  if (rest.size() != 22 || rest[9] != ' ' || rest.substr(18) != " GMT") return false;
  if (!read_day_month_year(rest.substr(0, 9), '-', 2, fields)) return false;
  fields.year += fields.year >= 70 ? 1900 : 2000;
  return read_time(rest.substr(10, 8), fields);
}

// "Sun Nov  6 08:49:37 1994"
bool read_asctime(std::string_view text, DateFields& fields) {
  if (text.size() != 24 || text[3] != ' ' || text[7] != ' ' || text[10] != ' ' || text[19] != ' ') {
    return false;
  }
  const std::optional<int> day = fixed_digits(text.substr(8, 2), /*allow_pad=*/true);
  const std::optional<int> year = fixed_digits(text.substr(20, 4));
  if (!is_one_of(text.substr(0, 3), kShortDays) || !day || !year) return false;
  fields.month = month_number(text.substr(4, 3));
  fields.day = static_cast<unsigned>(*day);
  fields.year = *year;
  return read_time(text.substr(11, 8), fields);
}

std::optional<SystemTime> combine(const DateFields& f) {
  const std::chrono::year_month_day ymd{std::chrono::year{f.year}, std::chrono::month{f.month},
                                        std::chrono::day{f.day}};
  // A leap second (":60") is allowed by the grammar and lands on the next minute's first second.
  if (!ymd.ok() || f.hour > 23 || f.minute > 59 || f.second > 60) return std::nullopt;
  // SystemTime counts nanoseconds in 64 bits (about 1678-2262); stay well inside.
  if (f.year < kEarliestYear || f.year > kLatestYear) return std::nullopt;
  const std::chrono::sys_days date{ymd};
  return SystemTime{date} + std::chrono::hours{f.hour} + std::chrono::minutes{f.minute} +
         seconds{f.second};
}

}  // namespace

std::string format_http_date(SystemTime t) {
  const auto day_start = std::chrono::floor<days>(t);
  const std::chrono::year_month_day ymd{day_start};
  const std::chrono::weekday weekday{day_start};
  const long long in_day = std::chrono::floor<seconds>(t - day_start).count();
  std::array<char, 40> buffer{};
  const int n =
      std::snprintf(buffer.data(), buffer.size(), "%s, %02u %s %04d %02lld:%02lld:%02lld GMT",
                    kShortDays[weekday.c_encoding()].data(), static_cast<unsigned>(ymd.day()),
                    kMonths[static_cast<unsigned>(ymd.month()) - 1].data(),
                    static_cast<int>(ymd.year()), in_day / 3600, in_day / 60 % 60, in_day % 60);
  return std::string(buffer.data(), static_cast<std::size_t>(n));
}

std::optional<SystemTime> parse_http_date(std::string_view text) {
  text = trim_ows(text);
  using Reader = bool (*)(std::string_view, DateFields&);
  for (const Reader read : {read_imf_fixdate, read_rfc850, read_asctime}) {
    DateFields fields;
    if (read(text, fields)) return combine(fields);
  }
  return std::nullopt;
}

}  // namespace tglink
