#include "chat/formatted_text.hpp"

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

}  // namespace
}  // namespace tglink
