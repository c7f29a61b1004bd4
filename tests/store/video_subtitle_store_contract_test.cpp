// The subtitles-beside-a-video part of the Store contract (store/store.hpp, schema step 16), on
// SQLite and on a real PostgreSQL server.

#include <gtest/gtest.h>

#include "each_store.hpp"

namespace tglink {
namespace {

using VideoSubtitleStoreTest = testing::EachStoreTest;

constexpr std::int64_t kChat = 4242;

SentVideo video(std::int64_t message_id, std::string name, std::int64_t sent_unix) {
  return SentVideo{kChat, message_id, message_id << 4, std::move(name), 0, sent_unix};
}

TEST_P(VideoSubtitleStoreTest, AVideoIsFoundByItsMessageOnce) {
  EXPECT_FALSE(store.find_sent_video(kChat, 1 << 20).has_value());
  SentVideo sent = video(1 << 20, "Film.mkv", 4102444800);  // 2100: past 2^31
  sent.album_id = 77;
  store.record_sent_video(sent);
  store.record_sent_video(video(1 << 20, "Other.mkv", 1));  // the same message: nothing changes
  const std::optional<SentVideo> found = store.find_sent_video(kChat, 1 << 20);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->copy_message_id, std::int64_t{1} << 24);
  EXPECT_EQ(found->file_name, "Film.mkv");
  EXPECT_EQ(found->album_id, 77);
  EXPECT_EQ(found->sent_unix, 4102444800);
  EXPECT_FALSE(store.find_sent_video(kChat + 1, 1 << 20).has_value());
}

TEST_P(VideoSubtitleStoreTest, RecentVideosNewestFirstWithinTheWindow) {
  store.record_sent_video(video(1 << 20, "old.mp4", 1000));
  store.record_sent_video(video(2 << 20, "a.mp4", 2000));
  store.record_sent_video(video(3 << 20, "b.mp4", 3000));
  store.record_sent_video(SentVideo{kChat + 1, 4 << 20, 5, "elsewhere.mp4", 0, 3000});
  const std::vector<SentVideo> recent = store.sent_videos_since(kChat, 2000, 10);
  ASSERT_EQ(recent.size(), 2U);
  EXPECT_EQ(recent[0].file_name, "b.mp4");
  EXPECT_EQ(recent[1].file_name, "a.mp4");
  EXPECT_EQ(store.sent_videos_since(kChat, 0, 1).size(), 1U);
}

VideoSubtitle subtitle(std::int64_t video, std::int64_t message, std::string name,
                       const std::string& text, std::int64_t added) {
  return VideoSubtitle{video, message,          std::move(name), "srt",
                       text,  "WEBVTT " + text, "SRT " + text,   added};
}

TEST_P(VideoSubtitleStoreTest, SubtitlesListedInOrderWithoutTextsAndFoundWithThem) {
  EXPECT_TRUE(store.video_subtitles(9).empty());
  EXPECT_FALSE(store.find_video_subtitle(9, 0).has_value());
  store.attach_subtitle(subtitle(9, 11, "Film.ru.srt", "Привет", 100));
  VideoSubtitle ass = subtitle(9, 12, "Film.ass", "[Script Info]", 101);
  ass.format = "ass";
  store.attach_subtitle(ass);
  store.attach_subtitle(subtitle(8, 13, "Other.vtt", "other", 100));
  store.attach_subtitle(subtitle(9, 11, "Film.ru.srt", "replaced", 100));
  const std::vector<VideoSubtitle> listed = store.video_subtitles(9);
  ASSERT_EQ(listed.size(), 2U);
  EXPECT_EQ(listed[0].subtitle_message_id, 11);
  EXPECT_EQ(listed[0].file_name, "Film.ru.srt");
  EXPECT_EQ(listed[0].text_utf8, "");
  EXPECT_EQ(listed[0].webvtt, "");
  EXPECT_EQ(listed[1].format, "ass");
  EXPECT_EQ(listed[1].added_unix, 101);
  const std::optional<VideoSubtitle> first = store.find_video_subtitle(9, 0);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->text_utf8, "replaced");
  EXPECT_EQ(first->webvtt, "WEBVTT replaced");
  EXPECT_EQ(first->subrip, "SRT replaced");
  const std::optional<VideoSubtitle> second = store.find_video_subtitle(9, 1);
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->file_name, "Film.ass");
  EXPECT_FALSE(store.find_video_subtitle(9, 2).has_value());
  EXPECT_FALSE(store.find_video_subtitle(9, -1).has_value());
}

TGLINK_ON_EACH_STORE(VideoSubtitleStoreTest);

}  // namespace
}  // namespace tglink
