#include "chat/messages/incoming_file.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

namespace tglink {
namespace {

namespace json = boost::json;

json::object file(std::int64_t size) { return json::object{{"@type", "file"}, {"size", size}}; }

TEST(IncomingFile, ReadsEveryMediaKind) {
  struct Case {
    const char* content_type;
    const char* media_field;
    const char* file_field;
    FileKind kind;
  };
  const Case cases[] = {
      {"messageDocument", "document", "document", FileKind::document},
      {"messageVideo", "video", "video", FileKind::video},
      {"messageAudio", "audio", "audio", FileKind::audio},
      {"messageVoiceNote", "voice_note", "voice", FileKind::voice},
      {"messageAnimation", "animation", "animation", FileKind::animation},
      {"messageVideoNote", "video_note", "video", FileKind::video_note},
      {"messageSticker", "sticker", "sticker", FileKind::sticker},
  };
  for (const Case& c : cases) {
    json::object media{{c.file_field, file(1234)}};
    json::object content{{"@type", c.content_type}, {c.media_field, media}};
    const auto found = incoming_file(content);
    ASSERT_TRUE(found) << c.content_type;
    EXPECT_EQ(found->kind, c.kind) << c.content_type;
    EXPECT_EQ(found->size, 1234) << c.content_type;
    EXPECT_FALSE(found->file_name.empty()) << c.content_type;
  }
}

TEST(IncomingFile, PhotoTakesTheLargestSize) {
  json::array sizes{json::object{{"photo", file(10)}}, json::object{{"photo", file(900)}},
                    json::object{{"photo", file(50)}}};
  json::object content{{"@type", "messagePhoto"}, {"photo", json::object{{"sizes", sizes}}}};
  const auto found = incoming_file(content);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->kind, FileKind::photo);
  EXPECT_EQ(found->size, 900);
}

TEST(IncomingFile, KeepsTheSendersNameAndType) {
  json::object document{
      {"file_name", "report.pdf"}, {"mime_type", "application/pdf"}, {"document", file(5)}};
  const auto found =
      incoming_file(json::object{{"@type", "messageDocument"}, {"document", document}});
  ASSERT_TRUE(found);
  EXPECT_EQ(found->file_name, "report.pdf");
  EXPECT_EQ(found->mime_type, "application/pdf");
  EXPECT_FALSE(is_streamable(*found));
}

TEST(IncomingFile, NoFileInTextLocationOrPoll) {
  EXPECT_FALSE(incoming_file(json::object{{"@type", "messageText"}}));
  EXPECT_FALSE(incoming_file(json::object{{"@type", "messageLocation"}}));
  EXPECT_FALSE(incoming_file(json::object{{"@type", "messagePoll"}}));
  EXPECT_FALSE(incoming_file(json::object{{"@type", "messageVideo"}}));  // malformed
}

TEST(IncomingFile, VideoAndAudioDocumentsStream) {
  IncomingFile video_doc{FileKind::document, "a.mkv", "video/x-matroska", 1};
  IncomingFile audio_doc{FileKind::document, "a.flac", "audio/flac", 1};
  IncomingFile voice{FileKind::voice, "v.ogg", "audio/ogg", 1};
  EXPECT_TRUE(is_video(video_doc));
  EXPECT_TRUE(is_streamable(audio_doc));
  EXPECT_FALSE(is_video(audio_doc));
  EXPECT_TRUE(is_streamable(voice));
}

}  // namespace
}  // namespace tglink
