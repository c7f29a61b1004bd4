// Reading the file out of every kind of log-channel message TDLib can hand a bot.

#include "media/message_file.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

namespace tglink {
namespace {

namespace json = boost::json;

constexpr std::int64_t kMessageId = 42 << 20;

json::object file_object(std::int64_t id, std::int64_t size) {
  json::object remote{{"@type", "remoteFile"}, {"unique_id", "AgADuniq" + std::to_string(id)}};
  return json::object{{"@type", "file"}, {"id", id}, {"size", size}, {"remote", remote}};
}

json::object message_with(json::object content) {
  return json::object{{"@type", "message"},
                      {"id", kMessageId},
                      {"date", 1700000000},
                      {"content", std::move(content)}};
}

json::object media_content(const char* type, const char* media_field, const char* file_field,
                           json::object media) {
  media[file_field] = file_object(7, 1000);
  return json::object{{"@type", type}, {media_field, std::move(media)}};
}

TEST(MessageFile, DocumentKeepsItsNameTypeSizeAndIds) {
  json::object document{{"file_name", "report.pdf"}, {"mime_type", "application/pdf"}};
  const auto found = file_from_message(
      message_with(media_content("messageDocument", "document", "document", document)));
  ASSERT_TRUE(found);
  EXPECT_EQ(found->file_id, 7);
  EXPECT_EQ(found->file.message_id, kMessageId);
  EXPECT_EQ(found->file.file_name, "report.pdf");
  EXPECT_EQ(found->file.mime_type, "application/pdf");
  EXPECT_EQ(found->file.size, 1000);
  EXPECT_EQ(found->file.unique_id, "AgADuniq7");
  EXPECT_EQ(found->file.date_unix, 1700000000);
}

json::object thumbnail(const char* format, std::int64_t file_id) {
  return json::object{{"@type", "thumbnail"},
                      {"format", json::object{{"@type", format}}},
                      {"width", 320},
                      {"height", 180},
                      {"file", file_object(file_id, 5000)}};
}

TEST(MessageFile, AVideosJpegThumbnailIsItsPoster) {
  json::object video{{"file_name", "clip.mp4"}, {"mime_type", "video/mp4"}};
  video["thumbnail"] = thumbnail("thumbnailFormatJpeg", 6);
  const auto found =
      file_from_message(message_with(media_content("messageVideo", "video", "video", video)));
  ASSERT_TRUE(found);
  EXPECT_EQ(found->thumbnail_file_id, 6);
  EXPECT_EQ(found->thumbnail_mime_type, "image/jpeg");
}

TEST(MessageFile, NoPosterWithoutAThumbnailOrFromOneABrowserCannotShow) {
  json::object bare{{"file_name", "clip.mp4"}, {"mime_type", "video/mp4"}};
  EXPECT_EQ(file_from_message(message_with(media_content("messageVideo", "video", "video", bare)))
                ->thumbnail_file_id,
            0);
  json::object animation{{"file_name", "a.mp4"}, {"mime_type", "video/mp4"}};
  animation["thumbnail"] = thumbnail("thumbnailFormatMpeg4", 6);
  EXPECT_EQ(file_from_message(message_with(media_content("messageAnimation", "animation",
                                                         "animation", animation)))
                ->thumbnail_file_id,
            0);
}

TEST(MessageFile, MissingMimeFallsBackToTheExtension) {
  json::object video{{"file_name", "Movie.MKV"}, {"mime_type", ""}};
  const auto found =
      file_from_message(message_with(media_content("messageVideo", "video", "video", video)));
  ASSERT_TRUE(found);
  EXPECT_EQ(found->file.mime_type, "video/x-matroska");
}

struct NamelessCase {
  const char* type;
  const char* media_field;
  const char* file_field;
  const char* mime;
  const char* expected_name;
  const char* expected_mime;
};

class NamelessContent : public ::testing::TestWithParam<NamelessCase> {};

TEST_P(NamelessContent, GetsAMadeUpNameWithAFittingExtension) {
  const NamelessCase& c = GetParam();
  json::object media;
  if (c.mime[0] != '\0') media["mime_type"] = c.mime;
  const auto found =
      file_from_message(message_with(media_content(c.type, c.media_field, c.file_field, media)));
  ASSERT_TRUE(found) << c.type;
  EXPECT_EQ(found->file_id, 7);
  EXPECT_EQ(found->file.file_name, c.expected_name);
  EXPECT_EQ(found->file.mime_type, c.expected_mime);
}

INSTANTIATE_TEST_SUITE_P(
    EveryType, NamelessContent,
    ::testing::Values(
        NamelessCase{"messageDocument", "document", "document", "", "file_42.bin",
                     "application/octet-stream"},
        NamelessCase{"messageVideo", "video", "video", "", "video_42.mp4", "video/mp4"},
        NamelessCase{"messageAudio", "audio", "audio", "audio/mpeg", "audio_42.mp3", "audio/mpeg"},
        NamelessCase{"messageVoiceNote", "voice_note", "voice", "audio/ogg", "voice_42.ogg",
                     "audio/ogg"},
        NamelessCase{"messageAnimation", "animation", "animation", "", "animation_42.mp4",
                     "video/mp4"},
        NamelessCase{"messageVideoNote", "video_note", "video", "", "video_note_42.mp4",
                     "video/mp4"},
        NamelessCase{"messageSticker", "sticker", "sticker", "", "sticker_42.webp", "image/webp"}));

TEST(MessageFile, TgsStickerIsAnAnimatedSticker) {
  json::object sticker{{"format", json::object{{"@type", "stickerFormatTgs"}}}};
  const auto found = file_from_message(
      message_with(media_content("messageSticker", "sticker", "sticker", sticker)));
  ASSERT_TRUE(found);
  EXPECT_EQ(found->file.file_name, "sticker_42.tgs");
}

TEST(MessageFile, PhotoTakesItsLargestSize) {
  json::array sizes;
  sizes.push_back(json::object{{"type", "m"}, {"photo", file_object(1, 5000)}});
  sizes.push_back(json::object{{"type", "y"}, {"photo", file_object(2, 90000)}});
  sizes.push_back(json::object{{"type", "s"}, {"photo", file_object(3, 800)}});
  json::object content{{"@type", "messagePhoto"},
                       {"photo", json::object{{"sizes", std::move(sizes)}}}};
  const auto found = file_from_message(message_with(content));
  ASSERT_TRUE(found);
  EXPECT_EQ(found->file_id, 2);
  EXPECT_EQ(found->file.size, 90000);
  EXPECT_EQ(found->file.file_name, "photo_42.jpg");
  EXPECT_EQ(found->file.mime_type, "image/jpeg");
}

// Found by fuzz_tdlib_messages: an expected_size of 2^64-1 (or any size past int64, or below 0)
// came out as a negative size, which the download routes would read as a huge unsigned length.
TEST(MessageFile, ASizeOutsideZeroToInt64MaxIsUnknown) {
  json::object content = media_content("messageDocument", "document", "document", {});
  json::object& file = content["document"].as_object()["document"].as_object();
  file["size"] = 0;
  file["expected_size"] = std::uint64_t{18446744073709551615u};
  const auto huge = file_from_message(message_with(content));
  ASSERT_TRUE(huge);
  EXPECT_EQ(huge->file.size, 0);
  file["size"] = -5;
  const auto negative = file_from_message(message_with(content));
  ASSERT_TRUE(negative);
  EXPECT_EQ(negative->file.size, 0);
}

TEST(MessageFile, MessagesWithoutAFileHaveNone) {
  EXPECT_FALSE(file_from_message(message_with(json::object{{"@type", "messageText"}})));
  EXPECT_FALSE(file_from_message(json::object{{"@type", "message"}}));
  json::object broken{{"@type", "messageVideo"}, {"video", json::object{}}};
  EXPECT_FALSE(file_from_message(message_with(broken)));
}

TEST(MessageFile, AHostileMimeTypeNeverReachesTheHeader) {
  json::object document{{"file_name", "a.mp4"}, {"mime_type", "video/mp4\r\nX-Evil: 1"}};
  const auto found = file_from_message(
      message_with(media_content("messageDocument", "document", "document", document)));
  ASSERT_TRUE(found);
  EXPECT_EQ(found->file.mime_type, "video/mp4");
}

}  // namespace
}  // namespace tglink
