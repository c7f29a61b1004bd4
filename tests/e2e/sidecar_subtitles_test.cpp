// End to end: subtitles sent beside a video. A user sends a video, then an .srt in CP1251 under
// the video's name; the bot's reply says it was attached to the video, the player's answer lists
// it among the video's subtitles, and its WebVTT and SubRip are UTF-8 with the cue as written.
// Subtitles sent in one album with a video, or as a reply to it, are attached to it whatever
// their name. A binary file
// named .srt is refused with the reason, and its own link still works.

#include <filesystem>
#include <fstream>
#include <string>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "e2e/playback_calls.hpp"
#include "e2e/streaming_support.hpp"
#include "support/http_client.hpp"
#include "support/required_tool.hpp"
#include "support/scenario.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;

constexpr std::int64_t kSubtitleSender = 5550042;

// "Привет, мир!" in CP1251, as a Russian subtitle editor on Windows saves it.
const std::string kCp1251Cue = "\xCF\xF0\xE8\xE2\xE5\xF2, \xEC\xE8\xF0!";

TEST(SidecarSubtitles, ACp1251SubRipSentAfterAVideoIsAttachedAndServedAsUtf8) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  Scenario scenario({}, {{kSubtitleSender, "Ann"}});
  SimHarness& harness = scenario.harness;
  const std::filesystem::path video = harness.dir() / "Film.mp4";
  const CommandResult made = run_command(
      "ffmpeg -hide_banner -loglevel error -y -f lavfi -i testsrc2=size=160x120:rate=24:duration=3 "
      "-c:v libx264 -preset ultrafast -pix_fmt yuv420p " +
      video.string());
  ASSERT_EQ(made.exit_code, 0) << made.output;
  const sim::SimMessage video_reply = scenario.send(kSubtitleSender, video, "video", "video/mp4");
  const std::string stream = link_path_in(video_reply.text, "/stream/");
  ASSERT_FALSE(stream.empty()) << video_reply.text;
  const std::string token = stream.substr(std::string("/stream/").size());

  const std::filesystem::path srt = harness.dir() / "Film.srt";
  std::ofstream(srt, std::ios::binary) << "1\r\n00:00:00,500 --> 00:00:02,500\r\n"
                                       << kCp1251Cue << "\r\n";
  const sim::SimMessage srt_reply =
      scenario.send(kSubtitleSender, srt, "document", "application/x-subrip");
  EXPECT_TRUE(contains(srt_reply.text, "Subtitles attached to Film.mp4 (same name)"))
      << srt_reply.text;
  EXPECT_TRUE(contains(srt_reply.text, "/sub/")) << srt_reply.text;
  // The subtitle's own link is a link as any file's: the bytes as sent.
  const HttpResult own = harness.get(link_path_in(srt_reply.text, "/dl/"));
  ASSERT_EQ(own.status, 200);
  EXPECT_TRUE(contains(own.body, kCp1251Cue));

  const json::object answer = post_playback(harness, token);
  const json::array& sidecars = answer.at("sidecars").as_array();
  ASSERT_EQ(sidecars.size(), 1U) << json::serialize(answer);
  const json::object& track = sidecars[0].as_object();
  EXPECT_EQ(track.at("name").as_string(), "Film.srt");
  EXPECT_EQ(track.at("format").as_string(), "srt");
  EXPECT_FALSE(track.contains("ass"));

  const HttpResult vtt = harness.get(std::string(track.at("vtt").as_string()));
  ASSERT_EQ(vtt.status, 200) << vtt.body;
  EXPECT_EQ(vtt.headers.at("content-type"), "text/vtt; charset=utf-8");
  EXPECT_EQ(vtt.body, "WEBVTT\n\n00:00:00.500 --> 00:00:02.500\nПривет, мир!\n");
  const HttpResult srt_utf8 = harness.get(std::string(track.at("srt").as_string()));
  ASSERT_EQ(srt_utf8.status, 200);
  EXPECT_EQ(srt_utf8.body, "1\n00:00:00,500 --> 00:00:02,500\nПривет, мир!\n");
  // Another link's token does not reach this video's subtitles.
  EXPECT_EQ(harness.get("/sub/" + token + "x/0.vtt").status, 404);
  EXPECT_EQ(harness.get("/sub/" + token + "/1.vtt").status, 404);
}

TEST(SidecarSubtitles, SubtitlesInTheVideosAlbumAreAttachedToItWhateverTheirName) {
  Scenario scenario({}, {{kSubtitleSender, "Ann"}});
  SimHarness& harness = scenario.harness;
  const std::filesystem::path video = harness.make_file("Holiday.mp4", 6000, 3);
  const std::filesystem::path vtt = harness.dir() / "english.vtt";
  std::ofstream(vtt) << "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n";
  const std::vector<std::int64_t> ids = harness.sim().send_album(
      kSubtitleSender, {user_file(kSubtitleSender, video, "document", "video/mp4"),
                        user_file(kSubtitleSender, vtt, "document", "text/vtt")});
  ASSERT_EQ(ids.size(), 2U);
  const auto replies = harness.sim().wait_messages(kSubtitleSender, 1, kBotReplyWaitMs);
  ASSERT_FALSE(replies.empty());
  EXPECT_TRUE(
      contains(replies.front().text, "Subtitles attached to Holiday.mp4 (sent in the same album)"))
      << replies.front().text;
}

TEST(SidecarSubtitles, SubtitlesSentAsAReplyGoToThatVideoBeforeOneOfTheirName) {
  Scenario scenario({}, {{kSubtitleSender, "Ann"}});
  SimHarness& harness = scenario.harness;
  sim::SendFileRequest first;
  first.user_id = kSubtitleSender;
  first.path = harness.make_file("First.mp4", 4000, 1).string();
  first.kind = "video";
  first.mime_type = "video/mp4";
  const sim::SentMessage first_sent = harness.sim().send_file(first);
  ASSERT_EQ(harness.sim().wait_messages(kSubtitleSender, 1, kBotReplyWaitMs).size(), 1U);
  (void)scenario.send(kSubtitleSender, harness.make_file("Second.mp4", 4000, 2), "video",
                      "video/mp4");
  const std::filesystem::path srt = harness.dir() / "Second.srt";
  std::ofstream(srt) << "1\n00:00:01,000 --> 00:00:02,000\nHi\n";
  const json::object reply_to{{"op", "send_file"},
                              {"user_id", kSubtitleSender},
                              {"path", srt.string()},
                              {"kind", "document"},
                              {"reply_to_message_id", first_sent.message_id}};
  (void)harness.sim().call(reply_to);
  const auto replies = harness.sim().wait_messages(kSubtitleSender, 3, kBotReplyWaitMs);
  ASSERT_EQ(replies.size(), 3U);
  EXPECT_TRUE(contains(replies.back().text, "Subtitles attached to First.mp4 (you replied to it)"))
      << replies.back().text;
}

TEST(SidecarSubtitles, ABinaryFileNamedSrtIsRefusedWithTheReason) {
  Scenario scenario({}, {{kSubtitleSender, "Ann"}});
  SimHarness& harness = scenario.harness;
  const std::filesystem::path video = harness.make_file("Clip.mp4", 4000);
  (void)scenario.send(kSubtitleSender, video, "video", "video/mp4");
  const std::filesystem::path binary = harness.make_file("Clip.srt", 3000, 9);
  const sim::SimMessage reply = scenario.send(kSubtitleSender, binary, "document", "");
  EXPECT_TRUE(contains(reply.text, "Not attached as subtitles: it is not text")) << reply.text;
  EXPECT_FALSE(link_path_in(reply.text, "/dl/").empty()) << reply.text;
}

}  // namespace
}  // namespace tglink::testing
