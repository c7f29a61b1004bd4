// Styled subtitles in the built-in player, in headless Chromium and Firefox ESR against tglink on
// the simulator: an MKV made here with ffmpeg from an ASS script written here, whose one event is a
// sign drawn at the top of the picture. subtitles.test.mjs picks the track and checks by pixels
// that the sign is drawn where the script puts it, not as a plain cue at the bottom, and that the
// font attached to the MKV is handed to libass.
// Picture subtitles: an MKV with a PGS track (written here, pgs_sup.hpp) and the same cue as
// VobSub; pictures.test.mjs checks, in Chromium and in Firefox ESR, that the PGS track is drawn
// in the browser at its time and the VobSub one burned into a transcode.
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
#include "support/pgs_sup.hpp"
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
         "Style: Sign,DejaVu Sans,36,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,"
         "100,100,0,0,1,0,0,8,10,10,10,1\n\n"
         "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, "
         "Text\n"
         "Dialogue: 0,0:00:00.00,0:00:10.00,Sign,,0,0,0,,{\\an7\\pos(0,0)\\p1}m 0 0 l 640 0 640 "
         "60 0 60{\\p0}\n"
         "Dialogue: 0,0:00:00.00,0:00:10.00,Sign,,0,0,0,,{\\an8\\pos(320,70)}Sign at the top\n";
}

// A font Debian ships (fonts-dejavu-core), attached to sign.mkv as a fansub release attaches its
// fonts: the player must hand it to libass.
const fs::path kAttachedFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

// Black picture, a tone, the script as the file's only subtitle (H.264/AAC: a remux) and the
// attached font.
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
      "-c:a aac -c:s copy -metadata:s:s:0 language=eng -attach " +
      kAttachedFont.string() + " -metadata:s:t mimetype=application/x-truetype-font " +
      out.string();
  const int status = testing::run_logged(command, dir / "ffmpeg.log");
  EXPECT_EQ(status, 0) << command << "\n" << read_file(dir / "ffmpeg.log");
  return out;
}

// Black picture, a tone, a PGS track (a white band across the top from 2 s to 8 s) and the same
// cue converted by ffmpeg to VobSub (bitmap to bitmap; -fix_sub_duration ends the VobSub cue at
// the PGS clear, which would otherwise last forever and make the file's length absurd).
fs::path make_pictures_video(const fs::path& dir) {
  const fs::path sup = dir / "cue.sup";
  testing::write_pgs_sup(sup, {.x = 20, .y = 10, .width = 600, .height = 50, .from = 2, .to = 8});
  const fs::path out = dir / "pictures.mkv";
  const std::string command =
      "ffmpeg -nostdin -y -hide_banner -loglevel error -f lavfi -i color=c=black:s=640x360:r=25 "
      "-f lavfi -i sine=frequency=440:sample_rate=48000 -fix_sub_duration -i " +
      sup.string() + " -t " + std::to_string(kSeconds) +
      " -map 0:v -map 1:a -map 2:s -map 2:s -c:v libx264 -preset ultrafast -pix_fmt yuv420p -g 25 "
      "-c:a aac -c:s:0 copy -c:s:1 dvdsub -metadata:s:s:0 title=PGS -metadata:s:s:1 title=VobSub " +
      out.string();
  const int status = testing::run_logged(command, dir / "ffmpeg.log");
  EXPECT_EQ(status, 0) << command << "\n" << read_file(dir / "ffmpeg.log");
  return out;
}

// Sends `video` to the simulated log channel; the plan's base URL and stream link for it.
json::object plan_for(SimHarness& harness, const fs::path& video, const std::string& name) {
  const json::object request{{"op", "send_file"},
                             {"chat_id", SimHarness::kLogChannel},
                             {"path", video.string()},
                             {"kind", "video"},
                             {"mime_type", "video/x-matroska"},
                             {"file_name", name},
                             {"duration", kSeconds},
                             {"width", 640},
                             {"height", 360}};
  const std::int64_t message_id =
      harness.sim().call(request).at("message_id").to_number<std::int64_t>();
  const LinkTokenCodec codec{SimHarness::kSecretKey};
  const std::string token =
      codec.encode(LinkClaims{.message_id = message_id, .expires_at = SystemClock().now() + 1h});
  return {
      {"base_url", harness.base_url()},
      {"stream", harness.base_url() + "/stream/" + token},
      {"screenshots", (fs::path(TGLINK_BINARY_DIR) / "test-results" / "subtitles").string()},
  };
}

// Runs tests/browser/<script> with `plan` and expects every check to pass.
void run_script(SimHarness& harness, const json::object& plan, const std::string& script) {
  const fs::path plan_path = harness.dir() / "plan.json";
  std::ofstream(plan_path) << json::serialize(plan);
  const testing::ScriptRun run =
      testing::run_browser_script(script, plan_path.string(), harness.dir() / "browser.log");
  testing::expect_script_passed(run, harness.process().output());
}

void run_pictures(const std::string& engine) {
  ASSERT_TRUE(fs::exists(fs::path(TGLINK_SOURCE_DIR) / "node_modules" / "puppeteer-core"))
      << "needs node_modules/puppeteer-core: scripts/install-deps.sh --test";
  SimHarness harness;
  const fs::path video = make_pictures_video(harness.dir());
  json::object plan = plan_for(harness, video, "pictures.mkv");
  plan["engine"] = engine;
  run_script(harness, plan, "pictures.test.mjs");
}

TEST(SubtitlesBrowserTest, PgsIsDrawnInChromiumAndVobSubBurnedIn) {
  ASSERT_TRUE(fs::exists("/usr/bin/chromium")) << "needs /usr/bin/chromium";
  run_pictures("chromium");
}

TEST(SubtitlesBrowserTest, PgsIsDrawnInFirefoxAndVobSubBurnedIn) {
  ASSERT_TRUE(fs::exists("/usr/bin/firefox-esr")) << "needs /usr/bin/firefox-esr";
  run_pictures("firefox");
}

void run_sign(const std::string& engine) {
  ASSERT_TRUE(fs::exists(fs::path(TGLINK_SOURCE_DIR) / "node_modules" / "puppeteer-core") &&
              fs::exists(kAttachedFont))
      << "needs node_modules/puppeteer-core and fonts-dejavu-core: "
         "scripts/install-deps.sh --test";
  SimHarness harness;
  const fs::path video = make_sign_video(harness.dir());
  json::object plan = plan_for(harness, video, "sign.mkv");
  plan["font_bytes"] = fs::file_size(kAttachedFont);
  plan["engine"] = engine;
  run_script(harness, plan, "subtitles.test.mjs");
}

TEST(SubtitlesBrowserTest, AnAssSignIsDrawnWhereTheScriptPutsIt) {
  ASSERT_TRUE(fs::exists("/usr/bin/chromium")) << "needs /usr/bin/chromium";
  run_sign("chromium");
}

TEST(SubtitlesBrowserTest, AnAssSignIsDrawnWhereTheScriptPutsItInFirefox) {
  ASSERT_TRUE(fs::exists("/usr/bin/firefox-esr")) << "needs /usr/bin/firefox-esr";
  run_sign("firefox");
}

}  // namespace
}  // namespace tglink
