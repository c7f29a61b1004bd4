// Every file of the spec's list plays in the built-in player, in headless Chromium,
// against the real tglink on the simulator. The files come from media_matrix.mjs (made once
// into <build>/test-media/, shared by the suites, which CTest runs as separate processes; a few
// hundred KB each, remade when the script or ffmpeg changes); each suite starts tglink with its own
// settings, posts the files into the log channel, mints their links and runs
// playback.test.mjs (playwright-core driving Debian's Chromium). Screenshots land in
// <build>/test-results/playback/.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "browser/browser_script.hpp"
#include "support/build_paths.hpp"
#include "support/log_channel_video.hpp"
#include "support/required_tool.hpp"
#include "support/sim_harness.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

namespace json = boost::json;
namespace fs = std::filesystem;
using testing::read_file;
using testing::SimHarness;
using testing::SimHarnessOptions;
using testing::TempDir;

// The script prints the media folder last.
std::string last_line(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  const std::size_t newline = text.rfind('\n');
  return newline == std::string::npos ? text : text.substr(newline + 1);
}

class PlaybackBrowserTest : public ::testing::Test {
 protected:
  // The media: made by the first suite, found by the others.
  static void SetUpTestSuite() {
    const TempDir scratch("tglink-playback-media");
    const fs::path log = scratch.path() / "make.log";
    const fs::path root = fs::path(TGLINK_BINARY_DIR) / "test-media";
    const int status = testing::run_logged(
        "node " + (testing::browser_dir() / "media_matrix.mjs").string() + " " + root.string(),
        log);
    const std::string output = read_file(log);
    std::cout << output;
    const fs::path manifest = fs::path(last_line(output)) / "manifest.json";
    manifest_ = status == 0 && fs::exists(manifest) ? json::parse(read_file(manifest)).as_object()
                                                    : json::object{};
  }

  void SetUp() override {
    ASSERT_TRUE(testing::installed({"/usr/bin/chromium", "playwright-core"}));
    ASSERT_TRUE(manifest_.contains("files")) << "media_matrix.mjs failed";
    // Rows whose encoder this ffmpeg lacks are left out of the matrix; in CI that is a failure.
    const json::array& skipped = manifest_.at("skipped").as_array();
    ASSERT_TRUE(skipped.empty() || !testing::skips_fail())
        << "CI=true, and this ffmpeg lacks encoders the matrix needs: " << json::serialize(skipped);
  }

  // Starts tglink with `env`, posts every file and runs `suite` of `script` (in `engine`, for
  // the scripts that run in both); answers when all checks pass.
  void run_suite(const std::string& suite, std::map<std::string, std::string> env,
                 const std::string& script = "playback.test.mjs", const std::string& engine = "") {
    SimHarnessOptions options;
    options.env = std::move(env);
    SimHarness harness(std::move(options));
    json::array files;
    for (const json::value& entry : manifest_.at("files").as_array()) {
      json::object file = entry.as_object();
      const std::int64_t message_id = testing::post_to_log_channel(
          harness, {.path = std::string(file.at("path").as_string()),
                    .file_name = std::string(file.at("name").as_string()),
                    .mime_type = std::string(file.at("mime").as_string()),
                    .duration = file.at("seconds").to_number<int>(),
                    .width = 320,
                    .height = 180});
      file["stream"] = testing::stream_url(harness, testing::link_token(message_id));
      files.push_back(std::move(file));
    }
    const json::object plan{
        {"suite", suite},
        {"engine", engine},
        {"base_url", harness.base_url()},
        {"screenshots", testing::screenshots_dir("playback").string()},
        {"files", std::move(files)},
        {"subtitle_text", "Hello from the subtitle track"},
        {"tglink_pid", harness.process().pid()},
    };
    testing::run_plan(harness, plan, script);
  }

  static json::object manifest_;
};

json::object PlaybackBrowserTest::manifest_;

// Every container and codec: direct, remux or transcode as Chromium needs; picture, sound, a
// seek to 80%; the second audio track; a subtitle cue.
TEST_F(PlaybackBrowserTest, EveryFormatPlaysSeeksAndSaysWhatItDoes) { run_suite("matrix", {}); }

// A browser that claims decoders it lacks gets direct play, and the player asks again.
TEST_F(PlaybackBrowserTest, DirectPlayWithoutPictureOrSoundFallsBack) { run_suite("fallback", {}); }

TEST_F(PlaybackBrowserTest, WithoutFfmpegWhatTheBrowserPlaysStillPlays) {
  run_suite("no-ffmpeg",
            {{"FFMPEG_PATH", "/nonexistent/ffmpeg"}, {"FFPROBE_PATH", "/nonexistent/ffprobe"}});
}

TEST_F(PlaybackBrowserTest, ConversionOffSaysSo) {
  run_suite("conversion-off", {{"PLAYER_CONVERT", "off"}});
}

// One transcode slot and two viewers (two addresses through a trusted proxy header).
TEST_F(PlaybackBrowserTest, BusyConverterQueuesTheSecondViewer) {
  run_suite("busy", {{"TRANSCODE_SLOTS", "1"}, {"TRUSTED_PROXIES", "127.0.0.1"}});
}

TEST_F(PlaybackBrowserTest, JobKilledMidPlayRecovers) { run_suite("killed", {}); }

// An ffmpeg that reads its input at its own pace (-re), as a converter busy with a whole film
// is still running when its viewer moves on: the test files are only seconds long, and a
// converter that finishes them at once would hide what a viewer meets.
class RealTimeConverter {
 public:
  RealTimeConverter() : dir_("tglink-realtime-ffmpeg") {
    std::ofstream(path()) << "#!/bin/sh\nexec ffmpeg -re \"$@\"\n";
    fs::permissions(path(), fs::perms::owner_all);
  }
  [[nodiscard]] fs::path path() const { return dir_.path() / "ffmpeg"; }
  [[nodiscard]] std::map<std::string, std::string> env() const {
    return {{"FFMPEG_PATH", path().string()}, {"FFPROBE_PATH", "ffprobe"}};
  }

 private:
  TempDir dir_;
};

// sequence.test.mjs's suites, in the engine of the parameter ("chromium", "firefox").
class SequenceBrowserTest : public PlaybackBrowserTest,
                            public ::testing::WithParamInterface<std::string> {
 protected:
  void run_sequence(const std::string& suite, std::map<std::string, std::string> env = {}) {
    run_suite(suite, std::move(env), "sequence.test.mjs", GetParam());
  }
};

// A viewer going through a channel: six files that need conversion or repackaging, one after
// another in one tab, each watched and sought to 75%, with conversions that take real time.
TEST_P(SequenceBrowserTest, FilesOpenedOneAfterAnotherPlay) {
  const RealTimeConverter converter;
  run_sequence("sequence", converter.env());
}

// A play asked for before the page's decision: kept, and not undone by a reload.
TEST_P(SequenceBrowserTest, PlayBeforeTheDecisionGoesOn) { run_sequence("early-play"); }

// The phone's 390x844 with touch: Chromium's phone emulation, and in Firefox puppeteer's
// WebDriver BiDi sets the viewport, the device pixel ratio and touch input. Screenshots in
// test-results/playback/.
TEST_P(SequenceBrowserTest, ThePhoneLayoutFitsAndSeeksByDrag) { run_sequence("phone"); }

INSTANTIATE_TEST_SUITE_P(Engines, SequenceBrowserTest, ::testing::Values("chromium", "firefox"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

TEST_F(PlaybackBrowserTest, ABrokenStreamIsLoadedAgainThenExplained) {
  run_suite("stall", {}, "sequence.test.mjs", "chromium");
}

// No Media Source Extensions, as on an iPhone: the element's own HLS.
TEST_F(PlaybackBrowserTest, WithoutMediaSourceTheElementPlaysTheHlsItself) {
  run_suite("native-hls", {}, "sequence.test.mjs", "chromium");
}

// Every spec format in Firefox ESR, in one tab: what it decodes itself, what is repackaged or
// converted for it, the sound heard, the second track heard, a subtitle cue.
TEST_F(PlaybackBrowserTest, EveryFormatPlaysInFirefox) {
  run_suite("matrix", {}, "sequence.test.mjs", "firefox");
}

}  // namespace
}  // namespace tglink
