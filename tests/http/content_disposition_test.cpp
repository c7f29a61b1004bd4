#include "http/content_disposition.hpp"

#include <string_view>
#include <vector>

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(HttpContentDisposition, AsciiNameIsSentBothWays) {
  EXPECT_EQ(content_disposition(DispositionType::kAttachment, "movie.mp4"),
            "attachment; filename=\"movie.mp4\"; filename*=UTF-8''movie.mp4");
  EXPECT_EQ(content_disposition(DispositionType::kInline, "a b.mkv"),
            "inline; filename=\"a b.mkv\"; filename*=UTF-8''a%20b.mkv");
}

TEST(HttpContentDisposition, NonAsciiNameGetsFallbackAndExactUtf8) {
  // "Фильм.mp4" in UTF-8.
  EXPECT_EQ(content_disposition(DispositionType::kAttachment,
                                "\xD0\xA4\xD0\xB8\xD0\xBB\xD1\x8C\xD0\xBC.mp4"),
            "attachment; filename=\"_____.mp4\"; "
            "filename*=UTF-8''%D0%A4%D0%B8%D0%BB%D1%8C%D0%BC.mp4");
}

TEST(HttpContentDisposition, ExtValueKeepsOnlyAttrChars) {
  EXPECT_EQ(content_disposition(DispositionType::kAttachment, "a!#$&+-.^_`|~z"),
            "attachment; filename=\"a!#$&+-.^_`|~z\"; filename*=UTF-8''a!#$&+-.^_`|~z");
  EXPECT_EQ(content_disposition(DispositionType::kAttachment, "a\"b\\c%d;e'f*g"),
            "attachment; filename=\"a_b_c_d;e'f*g\"; "
            "filename*=UTF-8''a%22b%5Cc%25d%3Be%27f%2Ag");
}

TEST(HttpContentDisposition, EmptyNameBecomesDownload) {
  EXPECT_EQ(content_disposition(DispositionType::kAttachment, ""),
            "attachment; filename=\"download\"; filename*=UTF-8''download");
}

TEST(HttpContentDisposition, FallbackReplacesUnsafeCharacters) {
  struct Case {
    std::string_view name;
    std::string_view fallback;
  };
  for (const Case& c : std::vector<Case>{
           {"plain.txt", "plain.txt"},
           {"quote\".txt", "quote_.txt"},
           {"back\\slash", "back_slash"},
           {"100%.zip", "100_.zip"},
           {std::string_view("nul\0.bin", 8), "nul_.bin"},
           {"line\r\nbreak", "line__break"},
           {"tab\there", "tab_here"},
           {"del\x7f", "del_"},
           {"caf\xC3\xA9", "caf_"},            // two-byte character
           {"\xF0\x9F\x8E\xAC.mp4", "_.mp4"},  // four-byte emoji
           {"\xE2\x82\xAC", "_"},              // euro sign
           {"\xFF\xFE", "__"},                 // invalid lead bytes
           {"\x80\x80", "download"},           // stray continuation bytes only
           {"", "download"},
       }) {
    EXPECT_EQ(ascii_fallback_file_name(c.name), c.fallback) << c.name;
  }
}

TEST(HttpContentDisposition, HeaderNeverCarriesRawControlCharacters) {
  const std::string value =
      content_disposition(DispositionType::kAttachment, "evil\r\nSet-Cookie: x=1\".mp4");
  for (const char c : value) {
    EXPECT_GE(static_cast<unsigned char>(c), 0x20);
    EXPECT_LT(static_cast<unsigned char>(c), 0x7F);
  }
}

}  // namespace
}  // namespace tglink
