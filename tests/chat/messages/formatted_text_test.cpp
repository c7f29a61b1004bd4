#include "chat/messages/formatted_text.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(FormattedText, CountsUtf16UnitsForOffsets) {
  EXPECT_EQ(utf16_length("abc"), 3);
  EXPECT_EQ(utf16_length("é"), 1);                 // 2 UTF-8 bytes, 1 unit
  EXPECT_EQ(utf16_length("\xF0\x9F\x8E\xAC"), 2);  // an emoji: a surrogate pair
}

TEST(FormattedText, EntitiesPointAtTheirPieces) {
  FormattedText text;
  text.plain("\xF0\x9F\x8E\xAC é ").bold("Name").plain(": ").url("https://h/dl/x");
  const boost::json::array& entities = text.entities();
  ASSERT_EQ(entities.size(), 2U);
  EXPECT_EQ(entities[0].at("offset").as_int64(), 5);
  EXPECT_EQ(entities[0].at("length").as_int64(), 4);
  EXPECT_EQ(entities[0].at("type").at("@type"), "textEntityTypeBold");
  EXPECT_EQ(entities[1].at("offset").as_int64(), 11);
  EXPECT_EQ(entities[1].at("length").as_int64(), 14);
  EXPECT_EQ(entities[1].at("type").at("@type"), "textEntityTypeUrl");
}

TEST(FormattedText, EmptyStyledPiecesMakeNoEntity) {
  FormattedText text;
  text.bold("");
  EXPECT_TRUE(text.entities().empty());
  EXPECT_EQ(text.to_json().at("@type"), "formattedText");
}

TEST(FormattedText, ATextUrlTelegramWouldRefuseIsWrittenOut) {
  FormattedText text;
  text.link("Open", "https://files.example.com/a").plain(" ").link("Local", "http://localhost/a");
  EXPECT_EQ(text.text(), "Open Local: http://localhost/a");
  ASSERT_EQ(text.entities().size(), 2U);
  EXPECT_EQ(text.entities()[0].at("type").at("@type"), "textEntityTypeTextUrl");
  EXPECT_EQ(text.entities()[1].at("type").at("@type"), "textEntityTypeUrl");
  EXPECT_EQ(text.entities()[1].at("offset"), 12);
}

TEST(FormattedText, InvalidUtf8IsReplacedSoLaterOffsetsStayRight) {
  FormattedText text;
  text.plain("a\xFF\xFE").bold("B");
  EXPECT_EQ(text.text(),
            "a\xEF\xBF\xBD\xEF\xBF\xBD"
            "B");
  ASSERT_EQ(text.entities().size(), 1U);
  EXPECT_EQ(text.entities()[0].at("offset").as_int64(), 3);
}

TEST(FormattedText, ATextThatFitsIsOnePiece) {
  FormattedText text;
  text.plain("short").bold("text");
  const std::vector<FormattedText> pieces = text.split(4096);
  ASSERT_EQ(pieces.size(), 1U);
  EXPECT_EQ(pieces[0].text(), "shorttext");
}

TEST(FormattedText, SplitsAfterLineBreaksAndCutsEntitiesWithTheText) {
  FormattedText text;
  text.line("aaaa").bold("bbbbbb").plain("\n").code("cc");
  const std::vector<FormattedText> pieces = text.split(8);
  ASSERT_EQ(pieces.size(), 3U);
  EXPECT_EQ(pieces[0].text(), "aaaa\n");
  EXPECT_EQ(pieces[1].text(), "bbbbbb\n");
  EXPECT_EQ(pieces[2].text(), "cc");
  ASSERT_EQ(pieces[1].entities().size(), 1U);
  EXPECT_EQ(pieces[1].entities()[0].at("offset").as_int64(), 0);
  EXPECT_EQ(pieces[1].entities()[0].at("length").as_int64(), 6);
  ASSERT_EQ(pieces[2].entities().size(), 1U);
  EXPECT_EQ(pieces[2].entities()[0].at("offset").as_int64(), 0);
}

TEST(FormattedText, ALineLongerThanAPieceIsCutBetweenCharacters) {
  FormattedText text;
  text.bold("x😀😀😀😀");  // 1 + 4 x 2 units
  const std::vector<FormattedText> pieces = text.split(4);
  std::string joined;
  std::int64_t entity_units = 0;
  for (const FormattedText& piece : pieces) {
    EXPECT_LE(piece.utf16_size(), 4);
    EXPECT_EQ(piece.utf16_size(), utf16_length(piece.text()));
    joined += piece.text();
    ASSERT_EQ(piece.entities().size(), 1U);
    entity_units += piece.entities()[0].at("length").as_int64();
  }
  EXPECT_EQ(joined, "x😀😀😀😀");
  EXPECT_EQ(entity_units, 9);
}

}  // namespace
}  // namespace tglink
