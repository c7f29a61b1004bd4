#include "core/base64.hpp"

#include <random>
#include <string>

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(Base64Test, StandardFormIsPaddedAndUsesPlusAndSlash) {
  EXPECT_EQ(base64_encode(""), "");
  EXPECT_EQ(base64_encode("f"), "Zg==");
  EXPECT_EQ(base64_encode("fo"), "Zm8=");
  EXPECT_EQ(base64_encode("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64_encode("\xfb\xff\xbf"), "+/+/");
}

TEST(Base64Test, StandardDecodingReadsEitherAlphabetAndSkipsPaddingAndBreaks) {
  EXPECT_EQ(base64_decode("Zg=="), "f");
  EXPECT_EQ(base64_decode("Zm9v\nYmFy"), "foobar");
  EXPECT_EQ(base64_decode("+/+/"), "\xfb\xff\xbf");
  EXPECT_EQ(base64_decode("-_-_"), "\xfb\xff\xbf");
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
  EXPECT_EQ(base64url_encode(""), "");
  EXPECT_EQ(base64url_encode("f"), "Zg");
  EXPECT_EQ(base64url_encode("fo"), "Zm8");
  EXPECT_EQ(base64url_encode("foo"), "Zm9v");
  EXPECT_EQ(base64url_encode("foob"), "Zm9vYg");
  EXPECT_EQ(base64url_encode("fooba"), "Zm9vYmE");
  EXPECT_EQ(base64url_encode("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64url_decode("Zm9vYmFy"), "foobar");
  EXPECT_EQ(base64url_decode("Zm9vYg"), "foob");
  EXPECT_EQ(base64url_decode(""), "");
}

TEST(Base64UrlTest, UsesTheUrlAlphabet) {
  EXPECT_EQ(base64url_encode("\xfb\xff\xbf"), "-_-_");
  EXPECT_EQ(base64url_decode("-_-_"), "\xfb\xff\xbf");
}

TEST(Base64UrlTest, RejectsNonCanonicalOrForeignText) {
  for (const char* bad : {"Zg==", "Zm8=", "Z", "Zm9vY", "Zh", "Zm9", "Zm+v", "Zm/v", "Zm v",
                          "Zm9v\n", "Zm\x80v", "====", "Zm9v=", "\xc3\xa9\xc3\xa9"}) {
    EXPECT_FALSE(base64url_decode(bad).has_value()) << bad;
  }
  EXPECT_FALSE(base64url_decode(std::string_view("Zm\0v", 4)).has_value());
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
