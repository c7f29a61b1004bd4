// Styled subtitles in the built-in player, in headless Chromium against tglink on the
// simulator: an MKV made here with ffmpeg from an ASS script written here, whose one event is a
// sign drawn at the top of the picture. subtitles.test.mjs picks the track and checks by pixels
// that the sign is drawn where the script puts it, not as a plain cue at the bottom.
// Screenshots land in <build>/test-results/subtitles/.
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
using testing::read_file;
using testing::SimHarness;

constexpr int kSeconds = 10;

// A white band across the top sixth of a 640x360 frame (a vector drawing, so no font decides
// where it lands) and a line of text under it, anchored top-centre: both where no plain cue goes.
void write_sign_script(const fs::path& path) {
  std::ofstream(path)
      << "[Script Info]\nScriptType: v4.00+\nPlayResX: 640\nPlayResY: 360\n\n"
         "[V4+ Styles]\nFormat: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, "
         "OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, "
         "Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, "
         "Encoding\n"
         "Style: Sign,Liberation Sans,36,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,"
         "100,100,0,0,1,0,0,8,10,10,10,1\n\n"
         "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, "
         "Text\n"
         "Dialogue: 0,0:00:00.00,0:00:10.00,Sign,,0,0,0,,{\\an7\\pos(0,0)\\p1}m 0 0 l 640 0 640 "
         "60 0 60{\\p0}\n"
         "Dialogue: 0,0:00:00.00,0:00:10.00,Sign,,0,0,0,,{\\an8\\pos(320,70)}Sign at the top\n";
}

// Black picture, a tone and the script as the file's only subtitle (H.264/AAC: a remux).
fs::path make_sign_video(const fs::path& dir) {
  const fs::path script = dir / "sign.ass";
  write_sign_script(script);
  const fs::path out = dir / "sign.mkv";
  const std::string seconds = std::to_string(kSeconds);
  const std::string command =
      "ffmpeg -nostdin -y -hide_banner -loglevel error -f lavfi -i color=c=black:s=640x360:r=25 "
      "-f lavfi -i sine=frequency=440:sample_rate=48000 -i " +
      script.string() + " -t " + seconds +
      " -map 0:v -map 1:a -map 2:s -c:v libx264 -preset ultrafast -pix_fmt yuv420p -g 25 "
      "-c:a aac -c:s copy -metadata:s:s:0 language=eng " +
      out.string();
  const int status = testing::run_logged(command, dir / "ffmpeg.log");
  EXPECT_EQ(status, 0) << command << "\n" << read_file(dir / "ffmpeg.log");
  return out;
}

TEST(SubtitlesBrowserTest, AnAssSignIsDrawnWhereTheScriptPutsIt) {
  ASSERT_TRUE(fs::exists("/usr/bin/chromium") &&
              fs::exists(fs::path(TGLINK_SOURCE_DIR) / "node_modules" / "playwright-core"))
      << "needs /usr/bin/chromium and node_modules/playwright-core: "
         "scripts/install-deps.sh --test";
  SimHarness harness;
  const fs::path video = make_sign_video(harness.dir());
  const json::object request{{"op", "send_file"},
                             {"chat_id", SimHarness::kLogChannel},
                             {"path", video.string()},
                             {"kind", "video"},
                             {"mime_type", "video/x-matroska"},
                             {"file_name", "sign.mkv"},
                             {"duration", kSeconds},
                             {"width", 640},
                             {"height", 360}};
  const std::int64_t message_id =
      harness.sim().call(request).at("message_id").to_number<std::int64_t>();
  const LinkTokenCodec codec{SimHarness::kSecretKey};
  const std::string token =
      codec.encode(LinkClaims{.message_id = message_id, .expires_at = SystemClock().now() + 1h});
  const json::object plan{
      {"base_url", harness.base_url()},
      {"stream", harness.base_url() + "/stream/" + token},
      {"screenshots", (fs::path(TGLINK_BINARY_DIR) / "test-results" / "subtitles").string()},
  };
  const fs::path plan_path = harness.dir() / "plan.json";
  std::ofstream(plan_path) << json::serialize(plan);
  const testing::ScriptRun run = testing::run_browser_script(
      "subtitles.test.mjs", plan_path.string(), harness.dir() / "browser.log");
  testing::expect_script_passed(run, harness.process().output());
}

}  // namespace
}  // namespace tglink
