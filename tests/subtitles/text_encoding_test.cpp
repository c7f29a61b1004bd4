#include "subtitles/text_encoding.hpp"

#include <string>

#include <gtest/gtest.h>

namespace tglink {
namespace {

// "Привет, как дела? Это проверка." in CP1251.
const std::string kRussianCp1251 =
    "\xCF\xF0\xE8\xE2\xE5\xF2, \xEA\xE0\xEA \xE4\xE5\xEB\xE0? \xDD\xF2\xEE "
    "\xEF\xF0\xEE\xE2\xE5\xF0\xEA\xE0.";
const std::string kRussianUtf8 = "Привет, как дела? Это проверка.";
// "Déjà vu, café à Paris. Où est l'hôtel?" and "Grüße aus München, schön!" in CP1252.
const std::string kFrenchCp1252 = "D\xE9j\xE0 vu, caf\xE9 \xE0 Paris. O\xF9 est l'h\xF4tel?";
const std::string kGermanCp1252 =
    "Gr\xFC\xDF"
    "e aus M\xFC"
    "nchen, sch\xF6n!";

std::string utf16(const std::u16string& text, bool little_endian) {
  std::string out;
  for (const char16_t unit : text) {
    const char low = static_cast<char>(unit & 0xFF);
    const char high = static_cast<char>(unit >> 8);
    out += little_endian ? low : high;
    out += little_endian ? high : low;
  }
  return out;
}

TEST(TextEncoding, PlainUtf8AndAsciiStayAsTheyAre) {
  EXPECT_EQ(detect_encoding("hello"), TextEncoding::utf8);
  const Utf8Text text = to_utf8(kRussianUtf8);
  EXPECT_EQ(text.source, TextEncoding::utf8);
  EXPECT_EQ(text.text, kRussianUtf8);
}

TEST(TextEncoding, Utf8ByteOrderMarkIsDropped) {
  const Utf8Text text = to_utf8("\xEF\xBB\xBF" + kRussianUtf8);
  EXPECT_EQ(text.source, TextEncoding::utf8_bom);
  EXPECT_EQ(text.text, kRussianUtf8);
}

TEST(TextEncoding, Utf16WithByteOrderMarks) {
  const std::u16string source = u"Grüße, привет \U0001F600";
  const Utf8Text le = to_utf8("\xFF\xFE" + utf16(source, true));
  EXPECT_EQ(le.source, TextEncoding::utf16le);
  EXPECT_EQ(le.text, "Grüße, привет 😀");
  const Utf8Text be = to_utf8("\xFE\xFF" + utf16(source, false));
  EXPECT_EQ(be.source, TextEncoding::utf16be);
  EXPECT_EQ(be.text, "Grüße, привет 😀");
}

TEST(TextEncoding, Utf16WithoutByteOrderMarkByItsNuls) {
  const std::u16string source = u"1\n00:00:01,000 --> 00:00:02,000\nHallo Welt, schön\n";
  const Utf8Text le = to_utf8(utf16(source, true));
  EXPECT_EQ(le.source, TextEncoding::utf16le);
  EXPECT_EQ(le.text, "1\n00:00:01,000 --> 00:00:02,000\nHallo Welt, schön\n");
  EXPECT_EQ(to_utf8(utf16(source, false)).source, TextEncoding::utf16be);
}

TEST(TextEncoding, LoneSurrogatesAndAnOddByteBecomeReplacementCharacters) {
  const Utf8Text text = to_utf8("\xFF\xFE" + utf16(u"a", true) + std::string("\x00\xD8", 2) + "b");
  EXPECT_EQ(text.text, "a\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(TextEncoding, RussianInCp1251) {
  const Utf8Text text = to_utf8(kRussianCp1251);
  EXPECT_EQ(text.source, TextEncoding::cp1251);
  EXPECT_EQ(text.text, kRussianUtf8);
  // Ё and ё sit outside the alphabet's block.
  EXPECT_EQ(to_utf8("\xA8\xEB\xEA\xE0 \xB8\xE6").text, "Ёлка ёж");
}

TEST(TextEncoding, FrenchAndGermanInCp1252) {
  const Utf8Text french = to_utf8(kFrenchCp1252);
  EXPECT_EQ(french.source, TextEncoding::cp1252);
  EXPECT_EQ(french.text, "Déjà vu, café à Paris. Où est l'hôtel?");
  const Utf8Text german = to_utf8(kGermanCp1252);
  EXPECT_EQ(german.source, TextEncoding::cp1252);
  EXPECT_EQ(german.text, "Grüße aus München, schön!");
  // Windows punctuation only (no letters to count) reads as CP1252.
  EXPECT_EQ(to_utf8("\x93quoted\x94 \x96 dash").text, "“quoted” – dash");
}

TEST(TextEncoding, MixedSubtitleKeepsTheMajorityLanguage) {
  // A Russian file with a Latin name in it is still Russian.
  const Utf8Text text = to_utf8("Netflix " + kRussianCp1251);
  EXPECT_EQ(text.source, TextEncoding::cp1251);
}

TEST(TextEncoding, Names) {
  EXPECT_EQ(encoding_name(TextEncoding::cp1251), "CP1251");
  EXPECT_EQ(encoding_name(TextEncoding::utf16be), "UTF-16BE");
}

}  // namespace
}  // namespace tglink
