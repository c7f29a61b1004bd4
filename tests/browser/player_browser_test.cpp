// The built-in player page in a real browser. Starts tglink on the simulator, posts an
// MP4 (H.264/AAC), a WebM (VP9/Opus) and an AVI made with ffmpeg into the log channel, mints
// their links with the harness's fixed key, and runs player.test.mjs (playwright-core driving
// Debian's Chromium) against them. Screenshots land in <build>/test-results/player/.
#include <filesystem>
#include <string>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "browser/browser_script.hpp"
#include "core/clock.hpp"
#include "support/ffmpeg_media.hpp"
#include "support/log_channel_video.hpp"
#include "support/sim_harness.hpp"

namespace tglink {
namespace {

namespace json = boost::json;
namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::SimHarness;

// `seconds` of test pattern and tone at a high bit rate, so the file is many MB and a seek to
// 80% lands far past what the browser has fetched (it must send a new range request).
fs::path make_video(const fs::path& dir, const std::string& name, const std::string& codecs,
                    int seconds = 12) {
  return testing::make_media(dir, name,
                             "-f lavfi -i testsrc2=size=640x360:rate=25 -f lavfi -i "
                             "sine=frequency=440:sample_rate=48000 -t " +
                                 std::to_string(seconds) + " " + codecs);
}

// A 640x360 video of 12 s in the log channel, as the bot's copy of a user's file would be.
std::int64_t post_video(SimHarness& harness, const fs::path& path, const std::string& mime_type,
                        const std::string& file_name) {
  return testing::post_to_log_channel(harness, {.path = path,
                                                .file_name = file_name,
                                                .mime_type = mime_type,
                                                .duration = 12,
                                                .width = 640,
                                                .height = 360});
}

// The /stream URL of message `message_id`, with `name_segment` when the link has one.
std::string stream_url(const SimHarness& harness, std::int64_t message_id,
                       std::optional<SystemTime> expires_at, const std::string& name_segment = "") {
  return testing::stream_url(harness, testing::link_token(message_id, expires_at), name_segment);
}

TEST(PlayerBrowserTest, PlaysSeeksAndExplainsInChromium) {
  ASSERT_TRUE(testing::installed({"/usr/bin/chromium", "playwright-core"}));
  SimHarness harness;
  const fs::path dir = harness.dir();
  const fs::path mp4 = make_video(
      dir, "holiday.mp4",
      "-c:v libx264 -preset ultrafast -b:v 6M -maxrate 6M -bufsize 2M -pix_fmt yuv420p -c:a aac "
      "-movflags +faststart",
      24);
  const fs::path webm = make_video(
      dir, "talk.webm", "-c:v libvpx-vp9 -deadline realtime -cpu-used 8 -b:v 3M -c:a libopus");
  const fs::path avi = make_video(dir, "old.avi", "-c:v mpeg4 -c:a libmp3lame");

  // Slow "Telegram" down so the browser cannot have the whole file before it seeks: at 1 MiB/s
  // the ~18 MB MP4 takes about 17 s to arrive, still above its 6 Mbit/s bit rate, so playback
  // starts at once but a seek to 80% lands megabytes ahead and must ask for a new range.
  sim::BotSettingsPatch slow;
  slow.bytes_per_second = 1024.0 * 1024;
  harness.sim().set_bot(SimHarness::kMainBotId, slow);

  const std::int64_t mp4_id = post_video(harness, mp4, "video/mp4", "Holiday clip.mp4");
  const std::int64_t webm_id = post_video(harness, webm, "video/webm", "Talk.webm");
  const std::int64_t avi_id = post_video(harness, avi, "video/x-msvideo", "Old film.avi");
  // A file deleted from the channel after its link was made: /stream answers 404, and the page
  // (which only checks the token) must find that out in the browser and say so.
  const std::int64_t gone_id = post_video(harness, mp4, "video/mp4", "Gone.mp4");
  harness.sim().fault(SimHarness::kMainBotId, "delete_message",
                      json::object{{"chat_id", SimHarness::kLogChannel}, {"message_id", gone_id}});
  const SystemTime later = SystemClock().now() + 1h;

  const json::object plan{
      {"base_url", harness.base_url()},
      {"screenshots", testing::screenshots_dir("player").string()},
      {"names", json::object{{"mp4", "Holiday clip.mp4"}, {"webm", "Talk.webm"}}},
      {"streams",
       json::object{{"mp4", stream_url(harness, mp4_id, later)},
                    {"webm", stream_url(harness, webm_id, later, "/Talk.webm")},
                    {"avi", stream_url(harness, avi_id, later)},
                    {"gone", stream_url(harness, gone_id, later)},
                    {"expired", stream_url(harness, mp4_id, SystemClock().now() - 1min)}}},
  };
  testing::run_plan(harness, plan, "player.test.mjs");
}

}  // namespace
}  // namespace tglink
