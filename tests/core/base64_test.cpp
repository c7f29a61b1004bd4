#include "core/base64.hpp"

#include <random>
#include <string>

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;
using testing::expect_results;

TEST(Base64Test, StandardFormIsPaddedAndUsesPlusAndSlash) {
  expect_results(
      base64_encode,
      {{"", ""}, {"f", "Zg=="}, {"fo", "Zm8="}, {"foobar", "Zm9vYmFy"}, {"\xfb\xff\xbf", "+/+/"}});
}

TEST(Base64Test, StandardDecodingReadsEitherAlphabetAndSkipsPaddingAndBreaks) {
  expect_results(base64_decode, {{"Zg==", "f"},
                                 {"Zm9v\nYmFy", "foobar"},
                                 {"+/+/", "\xfb\xff\xbf"},
                                 {"-_-_", "\xfb\xff\xbf"}});
}

TEST(Base64Test, StandardFormRoundTripsEveryByte) {
  std::string all;
  for (int i = 0; i < 256; ++i) all.push_back(static_cast<char>(i));
  for (std::size_t n = 0; n <= all.size(); n += 37) {
    const std::string bytes = all.substr(0, n);
    EXPECT_EQ(base64_decode(base64_encode(bytes)), bytes);
  }
}

TEST(Base64UrlTest, Rfc4648VectorsWithoutPadding) {
  expect_results(base64url_encode, {{"", ""},
                                    {"f", "Zg"},
                                    {"fo", "Zm8"},
                                    {"foo", "Zm9v"},
                                    {"foob", "Zm9vYg"},
                                    {"fooba", "Zm9vYmE"},
                                    {"foobar", "Zm9vYmFy"}});
  expect_results(base64url_decode, {{"Zm9vYmFy", "foobar"}, {"Zm9vYg", "foob"}, {"", ""}});
}

TEST(Base64UrlTest, UsesTheUrlAlphabet) {
  EXPECT_EQ(base64url_encode("\xfb\xff\xbf"), "-_-_");
  EXPECT_EQ(base64url_decode("-_-_"), "\xfb\xff\xbf");
}

TEST(Base64UrlTest, RejectsNonCanonicalOrForeignText) {
  expect_false_for(base64url_decode,
                   {"Zg==", "Zm8=", "Z", "Zm9vY", "Zh", "Zm9", "Zm+v", "Zm/v", "Zm v", "Zm9v\n",
                    "Zm\x80v", "====", "Zm9v=", "\xc3\xa9\xc3\xa9", std::string("Zm\0v", 4)});
}

TEST(Base64UrlTest, RoundTripsEveryLengthAndByte) {
  std::mt19937 random(12345);
  for (std::size_t length = 0; length < 100; ++length) {
    std::string bytes(length, '\0');
    for (char& c : bytes) {
      c = static_cast<char>(random() & 0xFF);
    }
    const std::string text = base64url_encode(bytes);
    EXPECT_EQ(text.size(), (length * 4 + 2) / 3);
    EXPECT_EQ(base64url_decode(text), bytes);
  }
}

}  // namespace
}  // namespace tglink
