#include "config/value_parsers.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;
using testing::expect_results;
using testing::expect_true_for;

using std::chrono::seconds;
using ::testing::ElementsAre;

TEST(ParseInteger, AcceptsOnlyWholeNumbers) {
  expect_results(parse_integer, {{"42", 42}, {"-1001234567890", -1001234567890}});
  expect_false_for(parse_integer, {"", "+1", "1.0", "12abc", "99999999999999999999"});
}

TEST(ParseDecimal, AcceptsFiniteNonNegativeNumbers) {
  expect_results(parse_non_negative_decimal, {{"10", 10.0}, {"0.5", 0.5}});
  expect_false_for(parse_non_negative_decimal, {"-1", "inf", "nan", "5GB"});
}

TEST(ParseDuration, ReadsSecondsAndUnits) {
  expect_results(parse_duration, {{"86400", seconds(86400)},
                                  {"30m", seconds(1800)},
                                  {"12h", seconds(43200)},
                                  {"7d", seconds(604800)},
                                  {"1w", seconds(604800)},
                                  {"1h30m", seconds(5400)},
                                  {"45S", seconds(45)}});
}

TEST(ParseDuration, DisableWordsMeanZero) {
  for (const char* word : {"0", "false", "OFF", "none", "Disabled"}) {
    EXPECT_EQ(parse_duration(word), seconds(0)) << word;
  }
}

TEST(ParseDuration, RejectsMalformedAndOverflowing) {
  expect_false_for(parse_duration, {"", "-5", "h", "5x", "1.5h", "10 m", "true", "m30",
                                    "99999999999999999999w", "9999999999999999w"});
}

TEST(BotToken, RecognisesTheBotFatherShape) {
  expect_true_for(is_bot_token, {"123456789:AAEhBP0av28wQLnrZ4ZpsjpxAbCdEfGhIjK",
                                 "1:abcdefghijklmnopqrstuvwxyz_-0123"});
  expect_false_for(is_bot_token, {"123456789:short", ":AAEhBP0av28wQLnrZ4ZpsjpxAbCdEfGhIjK",
                                  "12a:AAEhBP0av28wQLnrZ4ZpsjpxAbCdEfGhIjK",
                                  "123456789:AAEhBP0av28wQLnrZ4Zpsjpx.AbCdEfGhIjK",
                                  "123456789AAEhBP0av28wQLnrZ4ZpsjpxAbCdEfGhIjK"});
  EXPECT_EQ(bot_id_of("123456789:AAEh"), "123456789");
}

TEST(ApiHash, IsThirtyTwoHexDigits) {
  EXPECT_TRUE(is_api_hash("0123456789abcdef0123456789ABCDEF"));
  expect_false_for(is_api_hash,
                   {"0123456789abcdef0123456789abcde", "0123456789abcdef0123456789abcdeg"});
}

TEST(ChannelId, AcceptsOnlyBotApiChannelIds) {
  expect_true_for<std::int64_t>(is_channel_id, {-1001234567890, -1000000000001});
  // The last boundary, a basic group, a user, the smallest number.
  expect_false_for<std::int64_t>(
      is_channel_id, {-1000000000000, -123456, 123456, std::numeric_limits<std::int64_t>::min()});
}

TEST(HttpUrl, NormalisesTrailingSlashes) {
  expect_results(normalize_http_url, {{"https://files.example.com/", "https://files.example.com"},
                                      {"http://host:8080/base//", "http://host:8080/base"},
                                      {"HTTP://[::1]:8080", "HTTP://[::1]:8080"},
                                      {"http://10.0.0.1/a/b", "http://10.0.0.1/a/b"}});
}

TEST(HttpUrl, RejectsOtherShapes) {
  expect_false_for(
      normalize_http_url,
      {"", "files.example.com", "ftp://host", "http://", "http://:80", "http://host:0",
       "http://host:65536", "http://host:port", "http://user@host", "http://host/a?b=1",
       "http://host/#x", "http://host/a b", "http://[::1", "http://[nothost]"});
}

TEST(SplitList, SplitsOnCommasAndWhitespace) {
  EXPECT_THAT(split_list(" a, b,,c  d\te "), ElementsAre("a", "b", "c", "d", "e"));
  EXPECT_TRUE(split_list(" , ").empty());
}

TEST(IpAddress, AcceptsLiteralsOnly) {
  expect_true_for(is_ip_address, {"0.0.0.0", "::"});
  expect_false_for(is_ip_address, {"localhost", "10.0.0.0/8"});
}

// Found by fuzzing (tests/fuzz/corpus/setting_values/ip_address_nul): inet_pton reads a C
// string, so everything after a NUL byte (possible in a .env file) went unchecked, and
// BIND_ADDRESS or a BASE_URL like http://[::1<NUL>junk] was accepted with the junk in it.
TEST(IpAddress, RefusesTextAfterANulByte) {
  using namespace std::string_view_literals;
  EXPECT_FALSE(is_ip_address("1.2.3.4\0junk"sv));
  EXPECT_FALSE(is_ip_address("::1\0"sv));
  EXPECT_FALSE(normalize_http_url("http://[::1\0junk]/"sv).has_value());
}

}  // namespace
}  // namespace tglink
