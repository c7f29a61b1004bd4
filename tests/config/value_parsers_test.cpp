#include "config/value_parsers.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tglink {
namespace {

using std::chrono::seconds;
using ::testing::ElementsAre;

TEST(ParseInteger, AcceptsOnlyWholeNumbers) {
  EXPECT_EQ(parse_integer("42"), 42);
  EXPECT_EQ(parse_integer("-1001234567890"), -1001234567890);
  EXPECT_EQ(parse_integer(""), std::nullopt);
  EXPECT_EQ(parse_integer("+1"), std::nullopt);
  EXPECT_EQ(parse_integer("1.0"), std::nullopt);
  EXPECT_EQ(parse_integer("12abc"), std::nullopt);
  EXPECT_EQ(parse_integer("99999999999999999999"), std::nullopt);
}

TEST(ParseDecimal, AcceptsFiniteNonNegativeNumbers) {
  EXPECT_EQ(parse_non_negative_decimal("10"), 10.0);
  EXPECT_EQ(parse_non_negative_decimal("0.5"), 0.5);
  EXPECT_EQ(parse_non_negative_decimal("-1"), std::nullopt);
  EXPECT_EQ(parse_non_negative_decimal("inf"), std::nullopt);
  EXPECT_EQ(parse_non_negative_decimal("nan"), std::nullopt);
  EXPECT_EQ(parse_non_negative_decimal("5GB"), std::nullopt);
}

TEST(ParseDuration, ReadsSecondsAndUnits) {
  EXPECT_EQ(parse_duration("86400"), seconds(86400));
  EXPECT_EQ(parse_duration("30m"), seconds(1800));
  EXPECT_EQ(parse_duration("12h"), seconds(43200));
  EXPECT_EQ(parse_duration("7d"), seconds(604800));
  EXPECT_EQ(parse_duration("1w"), seconds(604800));
  EXPECT_EQ(parse_duration("1h30m"), seconds(5400));
  EXPECT_EQ(parse_duration("45S"), seconds(45));
}

TEST(ParseDuration, DisableWordsMeanZero) {
  for (const char* word : {"0", "false", "OFF", "none", "Disabled"}) {
    EXPECT_EQ(parse_duration(word), seconds(0)) << word;
  }
}

TEST(ParseDuration, RejectsMalformedAndOverflowing) {
  for (const char* bad : {"", "-5", "h", "5x", "1.5h", "10 m", "true", "m30",
                          "99999999999999999999w", "9999999999999999w"}) {
    EXPECT_EQ(parse_duration(bad), std::nullopt) << bad;
  }
}

TEST(BotToken, RecognisesTheBotFatherShape) {
  EXPECT_TRUE(is_bot_token("123456789:AAEhBP0av28wQLnrZ4ZpsjpxAbCdEfGhIjK"));
  EXPECT_TRUE(is_bot_token("1:abcdefghijklmnopqrstuvwxyz_-0123"));
  EXPECT_FALSE(is_bot_token("123456789:short"));
  EXPECT_FALSE(is_bot_token(":AAEhBP0av28wQLnrZ4ZpsjpxAbCdEfGhIjK"));
  EXPECT_FALSE(is_bot_token("12a:AAEhBP0av28wQLnrZ4ZpsjpxAbCdEfGhIjK"));
  EXPECT_FALSE(is_bot_token("123456789:AAEhBP0av28wQLnrZ4Zpsjpx.AbCdEfGhIjK"));
  EXPECT_FALSE(is_bot_token("123456789AAEhBP0av28wQLnrZ4ZpsjpxAbCdEfGhIjK"));
  EXPECT_EQ(bot_id_of("123456789:AAEh"), "123456789");
}

TEST(ApiHash, IsThirtyTwoHexDigits) {
  EXPECT_TRUE(is_api_hash("0123456789abcdef0123456789ABCDEF"));
  EXPECT_FALSE(is_api_hash("0123456789abcdef0123456789abcde"));
  EXPECT_FALSE(is_api_hash("0123456789abcdef0123456789abcdeg"));
}

TEST(ChannelId, AcceptsOnlyBotApiChannelIds) {
  EXPECT_TRUE(is_channel_id(-1001234567890));
  EXPECT_TRUE(is_channel_id(-1000000000001));
  EXPECT_FALSE(is_channel_id(-1000000000000));
  EXPECT_FALSE(is_channel_id(-123456));  // a basic group
  EXPECT_FALSE(is_channel_id(123456));   // a user
  EXPECT_FALSE(is_channel_id(std::numeric_limits<std::int64_t>::min()));
}

TEST(HttpUrl, NormalisesTrailingSlashes) {
  EXPECT_EQ(normalize_http_url("https://files.example.com/"), "https://files.example.com");
  EXPECT_EQ(normalize_http_url("http://host:8080/base//"), "http://host:8080/base");
  EXPECT_EQ(normalize_http_url("HTTP://[::1]:8080"), "HTTP://[::1]:8080");
  EXPECT_EQ(normalize_http_url("http://10.0.0.1/a/b"), "http://10.0.0.1/a/b");
}

TEST(HttpUrl, RejectsOtherShapes) {
  for (const char* bad :
       {"", "files.example.com", "ftp://host", "http://", "http://:80", "http://host:0",
        "http://host:65536", "http://host:port", "http://user@host", "http://host/a?b=1",
        "http://host/#x", "http://host/a b", "http://[::1", "http://[nothost]"}) {
    EXPECT_EQ(normalize_http_url(bad), std::nullopt) << bad;
  }
}

TEST(SplitList, SplitsOnCommasAndWhitespace) {
  EXPECT_THAT(split_list(" a, b,,c  d\te "), ElementsAre("a", "b", "c", "d", "e"));
  EXPECT_TRUE(split_list(" , ").empty());
}

TEST(IpAddress, AcceptsLiteralsOnly) {
  EXPECT_TRUE(is_ip_address("0.0.0.0"));
  EXPECT_TRUE(is_ip_address("::"));
  EXPECT_FALSE(is_ip_address("localhost"));
  EXPECT_FALSE(is_ip_address("10.0.0.0/8"));
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
