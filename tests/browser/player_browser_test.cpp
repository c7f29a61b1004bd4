// The built-in player page in a real browser. Starts tglink on the simulator, posts an
// MP4 (H.264/AAC), a WebM (VP9/Opus) and an AVI made with ffmpeg into the log channel, mints
// their links with the harness's fixed key, and runs player.test.mjs (playwright-core driving
// Debian's Chromium) against them. Screenshots land in <build>/test-results/player/.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "browser/browser_script.hpp"
#include "core/clock.hpp"
#include "links/link_token.hpp"
#include "support/build_paths.hpp"
#include "support/sim_harness.hpp"

namespace tglink {
namespace {

namespace json = boost::json;
namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::SimHarness;
using testing::SimHarnessOptions;

// `seconds` of test pattern and tone at a high bit rate, so the file is many MB and a seek to
// 80% lands far past what the browser has fetched (it must send a new range request).
fs::path make_video(const fs::path& dir, const std::string& name, const std::string& codecs,
                    int seconds = 12) {
  const fs::path out = dir / name;
  const std::string command =
      "ffmpeg -nostdin -y -hide_banner -loglevel error -f lavfi -i testsrc2=size=640x360:rate=25 "
      "-f lavfi -i sine=frequency=440:sample_rate=48000 -t " +
      std::to_string(seconds) + " " + codecs + " " + out.string();
  const int status = testing::run_logged(command, dir / (name + ".ffmpeg.log"));
  EXPECT_EQ(status, 0) << command << "\n" << testing::read_file(dir / (name + ".ffmpeg.log"));
  return out;
}

// A post in the log channel holding `path`, as the bot's copy of a user's file would be.
std::int64_t post_to_log_channel(SimHarness& harness, const fs::path& path,
                                 const std::string& mime_type, const std::string& file_name) {
  json::object request{{"op", "send_file"},      {"chat_id", SimHarness::kLogChannel},
                       {"path", path.string()},  {"kind", "video"},
                       {"mime_type", mime_type}, {"file_name", file_name},
                       {"duration", 12},         {"width", 640},
                       {"height", 360}};
  const json::object answer = harness.sim().call(request);
  return answer.at("message_id").to_number<std::int64_t>();
}

class PlayerBrowserTest : public ::testing::Test {
 protected:
  std::string stream_url(std::int64_t message_id, std::optional<SystemTime> expires_at,
                         const std::string& name_segment = "") {
    const std::string token =
        codec_.encode(LinkClaims{.message_id = message_id, .expires_at = expires_at});
    return harness_.base_url() + "/stream/" + token + name_segment;
  }

  SimHarness harness_;
  LinkTokenCodec codec_{SimHarness::kSecretKey};
  SystemClock clock_;
};

TEST_F(PlayerBrowserTest, PlaysSeeksAndExplainsInChromium) {
  const fs::path driver = fs::path(TGLINK_SOURCE_DIR) / "node_modules" / "playwright-core";
  ASSERT_TRUE(fs::exists("/usr/bin/chromium") && fs::exists(driver))
      << "needs /usr/bin/chromium and node_modules/playwright-core: scripts/install-deps.sh --test";
  const fs::path dir = harness_.dir();
  const fs::path mp4 = make_video(
      dir, "holiday.mp4",
      "-c:v libx264 -preset ultrafast -b:v 6M -maxrate 6M -bufsize 2M -pix_fmt yuv420p -c:a aac "
      "-movflags +faststart",
      24);
  const fs::path webm = make_video(
      dir, "talk.webm", "-c:v libvpx-vp9 -deadline realtime -cpu-used 8 -b:v 3M -c:a libopus");
  const fs::path avi = make_video(dir, "old.avi", "-c:v mpeg4 -c:a libmp3lame");
  ASSERT_FALSE(HasFailure());

  // Slow "Telegram" down so the browser cannot have the whole file before it seeks: at 1 MiB/s
  // the ~18 MB MP4 takes about 17 s to arrive, still above its 6 Mbit/s bit rate, so playback
  // starts at once but a seek to 80% lands megabytes ahead and must ask for a new range.
  sim::BotSettingsPatch slow;
  slow.bytes_per_second = 1024.0 * 1024;
  harness_.sim().set_bot(SimHarness::kMainBotId, slow);

  const std::int64_t mp4_id = post_to_log_channel(harness_, mp4, "video/mp4", "Holiday clip.mp4");
  const std::int64_t webm_id = post_to_log_channel(harness_, webm, "video/webm", "Talk.webm");
  const std::int64_t avi_id = post_to_log_channel(harness_, avi, "video/x-msvideo", "Old film.avi");
  // A file deleted from the channel after its link was made: /stream answers 404, and the page
  // (which only checks the token) must find that out in the browser and say so.
  const std::int64_t gone_id = post_to_log_channel(harness_, mp4, "video/mp4", "Gone.mp4");
  harness_.sim().fault(SimHarness::kMainBotId, "delete_message",
                       json::object{{"chat_id", SimHarness::kLogChannel}, {"message_id", gone_id}});
  const SystemTime later = clock_.now() + 1h;

  const fs::path results = fs::path(TGLINK_BINARY_DIR) / "test-results" / "player";
  json::object plan{
      {"base_url", harness_.base_url()},
      {"screenshots", results.string()},
      {"names", json::object{{"mp4", "Holiday clip.mp4"}, {"webm", "Talk.webm"}}},
      {"streams", json::object{{"mp4", stream_url(mp4_id, later)},
                               {"webm", stream_url(webm_id, later, "/Talk.webm")},
                               {"avi", stream_url(avi_id, later)},
                               {"gone", stream_url(gone_id, later)},
                               {"expired", stream_url(mp4_id, clock_.now() - 1min)}}},
  };
  const fs::path plan_path = dir / "plan.json";
  std::ofstream(plan_path) << json::serialize(plan);

  const testing::ScriptRun run =
      testing::run_browser_script("player.test.mjs", plan_path.string(), dir / "browser.log");
  testing::expect_script_passed(run, harness_.process().output());
}

}  // namespace
}  // namespace tglink
