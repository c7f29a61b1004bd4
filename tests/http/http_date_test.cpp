#include "http/http_date.hpp"

#include <chrono>
#include <string_view>

#include <gtest/gtest.h>

namespace tglink {
namespace {

using std::chrono::sys_days;

// 1994-11-06 08:49:37 UTC, the RFC's example.
SystemTime rfc_example() {
  using namespace std::chrono;
  return SystemTime{sys_days{year{1994} / November / 6}} + hours{8} + minutes{49} + seconds{37};
}

TEST(HttpDate, FormatsImfFixdate) {
  EXPECT_EQ(format_http_date(rfc_example()), "Sun, 06 Nov 1994 08:49:37 GMT");
  EXPECT_EQ(format_http_date(SystemTime{}), "Thu, 01 Jan 1970 00:00:00 GMT");
  const SystemTime leap_day = SystemTime{sys_days{std::chrono::year{2024} / 2 / 29}} +
                              std::chrono::hours{23} + std::chrono::minutes{59} +
                              std::chrono::seconds{59};
  EXPECT_EQ(format_http_date(leap_day), "Thu, 29 Feb 2024 23:59:59 GMT");
}

TEST(HttpDate, FormatDropsFractionsOfASecond) {
  EXPECT_EQ(format_http_date(rfc_example() + std::chrono::milliseconds{999}),
            "Sun, 06 Nov 1994 08:49:37 GMT");
}

TEST(HttpDate, ParsesAllThreeForms) {
  for (const std::string_view text :
       {"Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994", "Sun Nov 06 08:49:37 1994",
        "  Sun, 06 Nov 1994 08:49:37 GMT\t"}) {
    EXPECT_EQ(parse_http_date(text), rfc_example()) << "'" << text << "'";
  }
}

TEST(HttpDate, RoundTrips) {
  const SystemTime t =
      SystemTime{sys_days{std::chrono::year{2031} / 12 / 31}} + std::chrono::seconds{86399};
  EXPECT_EQ(parse_http_date(format_http_date(t)), t);
}

TEST(HttpDate, TwoDigitYearsPivotAtSeventy) {
  const std::optional<SystemTime> y2k = parse_http_date("Saturday, 01-Jan-00 00:00:00 GMT");
  ASSERT_TRUE(y2k);
  EXPECT_EQ(format_http_date(*y2k), "Sat, 01 Jan 2000 00:00:00 GMT");
  const std::optional<SystemTime> epoch = parse_http_date("Thursday, 01-Jan-70 00:00:00 GMT");
  ASSERT_TRUE(epoch);
  EXPECT_EQ(*epoch, SystemTime{});
}

TEST(HttpDate, RejectsAnythingElse) {
  for (const std::string_view text : {
           "",
           "yesterday",
           "Sun, 06 Nov 1994 08:49:37 UTC",
           "Sun, 06 Nov 1994 08:49:37",
           "Sun, 6 Nov 1994 08:49:37 GMT",
           "sun, 06 Nov 1994 08:49:37 GMT",
           "Sun, 06 nov 1994 08:49:37 GMT",
           "Xyz, 06 Nov 1994 08:49:37 GMT",
           "Sun, 31 Feb 1994 08:49:37 GMT",
           "Sun, 00 Nov 1994 08:49:37 GMT",
           "Sun, 06 Nov 1994 24:00:00 GMT",
           "Sun, 06 Nov 1994 08:60:00 GMT",
           "Sun, 06 Nov 1994 08:49:61 GMT",
           "Sun, 06 Nov 1994 8:49:37 GMT ",
           "Sun, 06 Nov 1994 08-49-37 GMT",
           "Sun, 06 Nov -994 08:49:37 GMT",
           "Sun, 06 Nov 9999 08:49:37 GMT",
           "Sun, 06 Nov 0001 08:49:37 GMT",
           "Sun,  06 Nov 1994 08:49:37 GMT",
           "Sun, 06 Nov 1994 08:49:37 GMTX",
           "Sun, 06-Nov-94 08:49:37 GMT",
           "Sunday, 06-Nov-1994 08:49:37 GMT",
           "Sunday, 06 Nov 94 08:49:37 GMT",
           "Sun Nov 6 08:49:37 1994",
           "Sun Nov  6 08:49:37 94",
           "1994-11-06T08:49:37Z",
       }) {
    EXPECT_EQ(parse_http_date(text), std::nullopt) << "'" << text << "'";
  }
}

TEST(HttpDate, LeapSecondLandsOnTheNextMinute) {
  EXPECT_EQ(parse_http_date("Sun, 06 Nov 1994 08:49:60 GMT"),
            parse_http_date("Sun, 06 Nov 1994 08:50:00 GMT"));
}

}  // namespace
}  // namespace tglink
