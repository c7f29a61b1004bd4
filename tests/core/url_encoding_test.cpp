#include "core/url_encoding.hpp"

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(HttpUrlEncoding, KeepsUnreservedAndEncodesTheRest) {
  EXPECT_EQ(url_encode_component("AZaz09-._~"), "AZaz09-._~");
  EXPECT_EQ(url_encode_component("https://h.example/stream/abc?x=1&y=2#f"),
            "https%3A%2F%2Fh.example%2Fstream%2Fabc%3Fx%3D1%26y%3D2%23f");
  EXPECT_EQ(url_encode_component("a b+c%"), "a%20b%2Bc%25");
  EXPECT_EQ(url_encode_component("\xC3\xA9"), "%C3%A9");
  EXPECT_EQ(url_encode_component(std::string_view("\0\xFF", 2)), "%00%FF");
  EXPECT_EQ(url_encode_component(""), "");
}

TEST(HttpUrlEncoding, DecodesEitherHexCase) {
  EXPECT_EQ(url_decode_component("a%20b%2bc%2B"), "a b+c+");
  EXPECT_EQ(url_decode_component("%c3%A9"), "\xC3\xA9");
  EXPECT_EQ(url_decode_component("plus+stays"), "plus+stays");
  EXPECT_EQ(url_decode_component("%00"), std::string(1, '\0'));
  EXPECT_EQ(url_decode_component(""), "");
}

TEST(HttpUrlEncoding, DecodeRejectsBadPercentSequences) {
  for (const std::string_view text : {"%", "%2", "a%", "a%g0", "%0g", "%%20", "ok%2", "% 20"}) {
    EXPECT_EQ(url_decode_component(text), std::nullopt) << "'" << text << "'";
  }
}

TEST(HttpUrlEncoding, EveryByteRoundTrips) {
  std::string all_bytes;
  for (int byte = 0; byte < 256; ++byte) all_bytes.push_back(static_cast<char>(byte));
  const std::string encoded = url_encode_component(all_bytes);
  for (const char c : encoded) {
    EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) ||
                std::string_view("-._~%").find(c) != std::string_view::npos)
        << c;
  }
  EXPECT_EQ(url_decode_component(encoded), all_bytes);
}

}  // namespace
}  // namespace tglink
