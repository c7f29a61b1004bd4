#include "chat/uploads/subtitle_pairing.hpp"

#include <gtest/gtest.h>

#include "chat/uploads/subtitle_reply.hpp"

namespace tglink {
namespace {

SentVideo sent(std::int64_t message_id, std::string name, std::int64_t album_id = 0) {
  return SentVideo{1, message_id, message_id << 20, std::move(name), album_id, 1000};
}

TEST(SubtitlePairing, BaseNamesAlike) {
  EXPECT_TRUE(same_base_name("Film.srt", "Film.mkv"));
  EXPECT_TRUE(same_base_name("FILM.SRT", "film.mp4"));
  EXPECT_TRUE(same_base_name("Film.2024.en.srt", "Film.2024.mkv"));
  EXPECT_TRUE(same_base_name("Film.forced.ass", "Film.mkv"));
  EXPECT_FALSE(same_base_name("Film.srt", "Film2.mkv"));
  EXPECT_FALSE(same_base_name("Film.a.b.srt", "Film.mkv"));
  EXPECT_FALSE(same_base_name("Film.averyverylongtag.srt", "Film.mkv"));
  EXPECT_FALSE(same_base_name("Film.srt", ".mkv"));
}

TEST(SubtitlePairing, AReplyWinsOverNameAndAlbum) {
  const std::vector<SentVideo> recent = {sent(3, "Other.mkv", 9), sent(2, "Film.mkv")};
  const auto pairing = pair_subtitle({"Film.srt", 9}, sent(1, "Replied.mp4"), recent);
  ASSERT_TRUE(pairing);
  EXPECT_EQ(pairing->by, PairedBy::kReply);
  EXPECT_EQ(pairing->video.message_id, 1);
}

TEST(SubtitlePairing, TheSameAlbumThenTheNewestOfTheSameName) {
  const std::vector<SentVideo> recent = {sent(4, "Film.mkv"), sent(3, "Other.mkv", 9),
                                         sent(2, "Film.mkv")};
  const auto album = pair_subtitle({"subs.srt", 9}, std::nullopt, recent);
  ASSERT_TRUE(album);
  EXPECT_EQ(album->by, PairedBy::kAlbum);
  EXPECT_EQ(album->video.message_id, 3);
  const auto named = pair_subtitle({"Film.en.srt", 0}, std::nullopt, recent);
  ASSERT_TRUE(named);
  EXPECT_EQ(named->by, PairedBy::kName);
  EXPECT_EQ(named->video.message_id, 4);
}

TEST(SubtitlePairing, NothingToPairWith) {
  EXPECT_FALSE(pair_subtitle({"Film.srt", 0}, std::nullopt, {sent(2, "Other.mkv")}));
  EXPECT_FALSE(pair_subtitle({"Film.srt", 7}, std::nullopt, {}));
}

TEST(SubtitleReply, SaysWhereItWentOrWhyNot) {
  FormattedText attached;
  append_subtitle_note(attached, SubtitleNote{true, "Film.mkv", PairedBy::kReply,
                                              subtitle_url("https://f.example", "TOK", 0, "srt"),
                                              "https://f.example/stream/TOK", ""});
  EXPECT_EQ(attached.text(),
            "\n\nSubtitles attached to Film.mkv (you replied to it): the player offers them in "
            "its Subtitles menu.\nFor VLC or mpv (UTF-8 SubRip): https://f.example/sub/TOK/0.srt\n"
            "mpv: mpv --sub-file=https://f.example/sub/TOK/0.srt https://f.example/stream/TOK");
  FormattedText refused;
  SubtitleNote note;
  note.refusal = no_video_refusal();
  append_subtitle_note(refused, note);
  EXPECT_EQ(refused.text(),
            "\n\nNot attached as subtitles: no video to attach them to (reply to your video with "
            "them, send them in the same album, or send them within 10 minutes after it under its "
            "name: Film.srt for Film.mkv).");
}

}  // namespace
}  // namespace tglink
