// Styled subtitles in the built-in player, in headless Chromium and Firefox ESR against tglink on
// the simulator: an MKV made here with ffmpeg from an ASS script written here, whose one event is a
// sign drawn at the top of the picture. subtitles.test.mjs picks the track and checks by pixels
// that the sign is drawn where the script puts it, not as a plain cue at the bottom, and that the
// font attached to the MKV is handed to libass.
// Picture subtitles: an MKV with a PGS track (written here, pgs_sup.hpp) and the same cue as
// VobSub; pictures.test.mjs checks, in Chromium and in Firefox ESR, that the PGS track is drawn
// in the browser at its time and the VobSub one burned into a transcode.
// Subtitles sent beside a video: a user sends two videos and, after each, subtitles under its
// name (an .srt in CP1251; for the second also an .ass sign); subtitles.test.mjs picks them in
// the player, in direct play (H.264/AAC in MP4) and converted (AC-3 sound: a remux), and checks
// by pixels that the cue is drawn at the bottom and the ASS sign at the top, and that the cue's
// text reached the browser in UTF-8.
// Screenshots land in <build>/test-results/subtitles/.
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "browser/browser_script.hpp"
#include "sim/control_client.hpp"
#include "support/ffmpeg_media.hpp"
#include "support/log_channel_video.hpp"
#include "support/pgs_sup.hpp"
#include "support/sim_harness.hpp"

namespace tglink {
namespace {

namespace json = boost::json;
namespace fs = std::filesystem;
using testing::SimHarness;

constexpr int kSeconds = 10;
// ffmpeg's inputs 0 and 1 of every video here: a black 640x360 picture and a 440 Hz tone.
constexpr std::string_view kBlackWithTone =
    "-f lavfi -i color=c=black:s=640x360:r=25 -f lavfi -i sine=frequency=440:sample_rate=48000";

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
  return testing::make_media(
      dir, "sign.mkv",
      std::string(kBlackWithTone) + " -i " + script.string() + " -t " + std::to_string(kSeconds) +
          " -map 0:v -map 1:a -map 2:s -c:v libx264 -preset ultrafast -pix_fmt yuv420p -g 25 "
          "-c:a aac -c:s copy -metadata:s:s:0 language=eng -attach " +
          kAttachedFont.string() + " -metadata:s:t mimetype=application/x-truetype-font");
}

// Black picture, a tone, a PGS track (a white band across the top from 2 s to 8 s) and the same
// cue converted by ffmpeg to VobSub (bitmap to bitmap; -fix_sub_duration ends the VobSub cue at
// the PGS clear, which would otherwise last forever and make the file's length absurd).
fs::path make_pictures_video(const fs::path& dir) {
  const fs::path sup = dir / "cue.sup";
  testing::write_pgs_sup(sup, {.x = 20, .y = 10, .width = 600, .height = 50, .from = 2, .to = 8});
  return testing::make_media(
      dir, "pictures.mkv",
      std::string(kBlackWithTone) + " -fix_sub_duration -i " + sup.string() + " -t " +
          std::to_string(kSeconds) +
          " -map 0:v -map 1:a -map 2:s -map 2:s -c:v libx264 -preset ultrafast -pix_fmt yuv420p "
          "-g 25 -c:a aac -c:s:0 copy -c:s:1 dvdsub -metadata:s:s:0 title=PGS "
          "-metadata:s:s:1 title=VobSub");
}

// Sends `video` to the simulated log channel; the plan's base URL and stream link for it.
json::object plan_for(SimHarness& harness, const fs::path& video, const std::string& name) {
  const std::int64_t message_id =
      testing::post_to_log_channel(harness, {.path = video,
                                             .file_name = name,
                                             .mime_type = "video/x-matroska",
                                             .duration = kSeconds,
                                             .width = 640,
                                             .height = 360});
  return {
      {"base_url", harness.base_url()},
      {"stream", testing::stream_url(harness, testing::link_token(message_id))},
      {"screenshots", testing::screenshots_dir("subtitles").string()},
  };
}

// The browser of `engine` ("chromium", "firefox") and puppeteer-core, which drives both.
::testing::AssertionResult engine_installed(const std::string& engine) {
  return testing::installed(
      {engine == "firefox" ? "/usr/bin/firefox-esr" : "/usr/bin/chromium", "puppeteer-core"});
}

void run_pictures(const std::string& engine) {
  ASSERT_TRUE(engine_installed(engine));
  SimHarness harness;
  const fs::path video = make_pictures_video(harness.dir());
  json::object plan = plan_for(harness, video, "pictures.mkv");
  plan["engine"] = engine;
  testing::run_plan(harness, plan, "pictures.test.mjs");
}

void run_sign(const std::string& engine) {
  ASSERT_TRUE(engine_installed(engine));
  ASSERT_TRUE(fs::exists(kAttachedFont))
      << "needs fonts-dejavu-core: scripts/install-deps.sh --test";
  SimHarness harness;
  const fs::path video = make_sign_video(harness.dir());
  json::object plan = plan_for(harness, video, "sign.mkv");
  plan["font_bytes"] = fs::file_size(kAttachedFont);
  plan["engine"] = engine;
  testing::run_plan(harness, plan, "subtitles.test.mjs");
}

constexpr std::int64_t kViewer = 5550077;
// Dense letters, so the cue covers many pixels: "ЖЖЖЖЖЖ ШШШШШШ" in CP1251, and in UTF-8.
const std::string kCueCp1251 = "\xC6\xC6\xC6\xC6\xC6\xC6 \xD8\xD8\xD8\xD8\xD8\xD8";
const std::string kCueUtf8 = "ЖЖЖЖЖЖ ШШШШШШ";

// Black picture and a tone in MP4: `audio` aac plays directly in both browsers, ac3 is remuxed.
fs::path make_plain_video(const fs::path& dir, const std::string& name, const std::string& audio) {
  return testing::make_media(dir, name,
                             std::string(kBlackWithTone) + " -t " + std::to_string(kSeconds) +
                                 " -c:v libx264 -preset ultrafast -pix_fmt yuv420p -g 25 -c:a " +
                                 audio);
}

// `path` sent by kViewer in their chat with the bot; the path of the link to `route` in the
// bot's reply, which must say the subtitles were attached when `subtitle`.
std::string viewer_sends(SimHarness& harness, const fs::path& path, const std::string& kind,
                         std::size_t replies, bool subtitle) {
  sim::SendFileRequest request;
  request.user_id = kViewer;
  request.path = path.string();
  request.kind = kind;
  request.mime_type = kind == "video" ? "video/mp4" : "";
  harness.sim().send_file(request);
  const auto messages = harness.sim().wait_messages(kViewer, replies, 20000);
  EXPECT_EQ(messages.size(), replies);
  const std::string text = messages.empty() ? "" : messages.back().text;
  if (subtitle) {
    EXPECT_NE(text.find("Subtitles attached"), std::string::npos) << text;
  }
  return testing::link_path_in(text, "/stream/");
}

void run_sidecar(const std::string& engine) {
  ASSERT_TRUE(engine_installed(engine));
  SimHarness harness;
  harness.sim().create_user(kViewer, "Viewer");
  const fs::path dir = harness.dir();
  const std::string cue = "1\r\n00:00:00,000 --> 00:00:10,000\r\n" + kCueCp1251 + "\r\n";
  std::ofstream(dir / "Film.srt", std::ios::binary) << cue;
  std::ofstream(dir / "Conv.srt", std::ios::binary) << cue;
  write_sign_script(dir / "Conv.ass");
  const std::string direct =
      viewer_sends(harness, make_plain_video(dir, "Film.mp4", "aac"), "video", 1, false);
  (void)viewer_sends(harness, dir / "Film.srt", "document", 2, true);
  const std::string converted =
      viewer_sends(harness, make_plain_video(dir, "Conv.mp4", "ac3"), "video", 3, false);
  (void)viewer_sends(harness, dir / "Conv.srt", "document", 4, true);
  (void)viewer_sends(harness, dir / "Conv.ass", "document", 5, true);
  ASSERT_FALSE(direct.empty() || converted.empty());
  const json::object plan{
      {"suite", "sidecar"},
      {"base_url", harness.base_url()},
      {"direct", harness.base_url() + direct},
      {"converted", harness.base_url() + converted},
      {"cue_text", kCueUtf8},
      {"engine", engine},
      {"screenshots", testing::screenshots_dir("subtitles").string()},
  };
  testing::run_plan(harness, plan, "subtitles.test.mjs");
}

// Each check in Chromium and in Firefox ESR.
class SubtitlesBrowserTest : public ::testing::TestWithParam<std::string> {};

TEST_P(SubtitlesBrowserTest, PgsIsDrawnAndVobSubBurnedIn) { run_pictures(GetParam()); }

TEST_P(SubtitlesBrowserTest, AnAssSignIsDrawnWhereTheScriptPutsIt) { run_sign(GetParam()); }

TEST_P(SubtitlesBrowserTest, SubtitlesSentBesideAVideoShow) { run_sidecar(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Engines, SubtitlesBrowserTest, ::testing::Values("chromium", "firefox"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

}  // namespace
}  // namespace tglink
