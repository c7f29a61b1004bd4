#include "core/user_text.hpp"

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_results;

// text_for_chat at its default limit, a whole chat message.
std::string text_for_chat_message(std::string_view text) { return text_for_chat(text); }

TEST(ValidUtf8, KeepsValidTextAndReplacesEachBadByte) {
  EXPECT_EQ(valid_utf8("plain é 𝄞"), "plain é 𝄞");
  EXPECT_EQ(valid_utf8("a\xFF"
                       "b"),
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_EQ(valid_utf8("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");                  // overlong '/'
  EXPECT_EQ(valid_utf8("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // surrogate
  EXPECT_EQ(valid_utf8("\xE2\x82"), "\xEF\xBF\xBD\xEF\xBF\xBD");                  // cut short
  EXPECT_EQ(valid_utf8("\xF4\x90\x80\x80").find("\xF4"), std::string::npos);      // > U+10FFFF
}

TEST(HiddenOrLayout, NamesTheControlsSeparatorsBidiAndInvisibles) {
  for (const char32_t c : {U'\0', U'\n', U'\r', U'\t', U'\x7F', U'\x85', U'\u2028', U'\u2029',
                           U'\u202E', U'\u2066', U'\u200B', U'\u200F', U'\uFEFF', U'\u00AD'}) {
    EXPECT_TRUE(is_hidden_or_layout(c)) << static_cast<unsigned>(c);
  }
  for (const char32_t c : {U'a', U' ', U'é', U'\u200D', U'\u200C', U'\u05D0', U'😀'}) {
    EXPECT_FALSE(is_hidden_or_layout(c)) << static_cast<unsigned>(c);
  }
}

TEST(TextForChat, ShowsHostileCharactersAsEscapesOnOneLine) {
  expect_results(text_for_chat_message,
                 {{"a.txt\nhttp://evil.example/x", "a.txt\\nhttp://evil.example/x"},
                  {"x\r\ny", "x\\r\\ny"},
                  {std::string("a\0b", 3), "a\\x00b"},
                  {"photo\u202Egnp.exe", "photo\\u202Egnp.exe"},
                  {"a\u2028b", "a\\u2028b"},
                  {"in\u200Bvisible", "in\\u200Bvisible"},
                  {"bad\xFF", "bad\xEF\xBF\xBD"},
                  {"👨\u200D👩\u200D👧 family.jpg", "👨\u200D👩\u200D👧 family.jpg"}});
}

TEST(TextForChat, CutsToTheLimitInUtf16UnitsWithAnEllipsis) {
  EXPECT_EQ(text_for_chat("abcdef", 4), "abc…");
  EXPECT_EQ(text_for_chat("abcd", 4), "abcd");
  EXPECT_EQ(text_for_chat("😀😀😀", 4), "😀…");  // a character is never split in half
  EXPECT_EQ(utf16_units(text_for_chat(std::string(500, 'n'), 256)), 256U);
  EXPECT_EQ(text_for_chat("abc", 0), "");
}

TEST(TextForLog, QuotesAndEscapesSoTheNameEndsWhereItSays) {
  expect_results(text_for_log, {{"a.txt", "\"a.txt\""},
                                {"a\nCRITICAL forged", "\"a\\nCRITICAL forged\""},
                                {"say \"hi\" \\n", "\"say \\\"hi\\\" \\\\n\""},
                                {"bad\xFF", "\"bad\\xFF\""},
                                {"r\u202El", "\"r\\u202El\""}});
}

TEST(OneLogLine, LeavesOneLineAloneAndEscapesBreaks) {
  expect_results(one_log_line, {{"GET /dl/x: fine", "GET /dl/x: fine"},
                                {"C:\\path é", "C:\\path é"},
                                {"one\ntwo\rthree\u2028four", "one\\ntwo\\rthree\\u2028four"},
                                {"x\xC3", "x\\xC3"}});
}

}  // namespace
}  // namespace tglink
