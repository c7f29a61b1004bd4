#include "core/time_format.hpp"

#include <cstdio>

namespace tglink {
namespace {

using std::chrono::days;
using std::chrono::floor;
using std::chrono::hours;
using std::chrono::microseconds;
using std::chrono::minutes;
using std::chrono::seconds;
using std::chrono::year_month_day;

std::string printf_string(const char* format, auto... args) {
  char buffer[64];
  const int n = std::snprintf(buffer, sizeof buffer, format, args...);
  return std::string(buffer, static_cast<std::size_t>(n));
}

std::string plural(long long n, const char* unit) {
  return std::to_string(n) + " " + unit + (n == 1 ? "" : "s");
}

}  // namespace

std::string format_uptime(seconds elapsed) {
  const long long total = elapsed.count() < 0 ? 0 : elapsed.count();
  return printf_string("%lldd %lldh %lldm %llds", total / 86400, total % 86400 / 3600,
                       total % 3600 / 60, total % 60);
}

std::string format_iso8601_utc(SystemTime t) {
  const auto day = floor<days>(t);
  const year_month_day ymd{day};
  const auto in_day = floor<microseconds>(t - day);
  const long long us = in_day.count();
  return printf_string("%04d-%02u-%02uT%02lld:%02lld:%02lld.%06lldZ", static_cast<int>(ymd.year()),
                       static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                       us / 3'600'000'000LL, us / 60'000'000LL % 60, us / 1'000'000LL % 60,
                       us % 1'000'000LL);
}

std::string format_month_utc(SystemTime t) {
  const year_month_day ymd{floor<days>(t)};
  return printf_string("%04d-%02u", static_cast<int>(ymd.year()),
                       static_cast<unsigned>(ymd.month()));
}

std::string format_day_utc(SystemTime t) {
  const year_month_day ymd{floor<days>(t)};
  return printf_string("%04d-%02u-%02u", static_cast<int>(ymd.year()),
                       static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
}

SystemTime next_utc_midnight(SystemTime t) { return SystemTime{floor<days>(t) + days{1}}; }

SystemTime next_utc_month(SystemTime t) {
  const year_month_day ymd{floor<days>(t)};
  const auto first_of_next = (ymd.year() / ymd.month() / 1) + std::chrono::months{1};
  return SystemTime{std::chrono::sys_days{first_of_next}};
}

std::string format_duration_human(seconds d) {
  const long long s = d.count();
  if (s > 0 && s % 86400 == 0) return plural(s / 86400, "day");
  if (s > 0 && s % 3600 == 0) return plural(s / 3600, "hour");
  if (s > 0 && s % 60 == 0) return plural(s / 60, "minute");
  return plural(s, "second");
}

std::string format_countdown(seconds d) {
  const long long s = d.count() < 0 ? 0 : d.count();
  if (s >= 3600) return printf_string("%lldh %lldm", s / 3600, s % 3600 / 60);
  if (s >= 60) return printf_string("%lldm %llds", s / 60, s % 60);
  return printf_string("%llds", s);
}

}  // namespace tglink
