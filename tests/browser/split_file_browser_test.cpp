// A video sent in three parts (NAME.001 ... NAME.003, README "Split files") and joined into one
// link plays and seeks in the built-in player in headless Chromium, as any file: the browser's
// ranges on /stream cross the part boundaries (the MP4's index is at its end, in the last part),
// against the real tglink on the simulator. Runs playback.test.mjs's "joined" suite.
#include <filesystem>
#include <string>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "browser/browser_script.hpp"
#include "support/ffmpeg_media.hpp"
#include "support/required_tool.hpp"
#include "support/sim_harness.hpp"
#include "support/user_file.hpp"

namespace tglink {
namespace {

namespace fs = std::filesystem;

constexpr std::int64_t kSplitUser = 5550401;

// Sends the part as kSplitUser and answers the text of the bot's reply, the chat's `count`th.
std::string send_split_part(testing::SimHarness& harness, const fs::path& part, std::size_t count) {
  harness.sim().send_file(testing::user_file(kSplitUser, part, "document",
                                             "application/octet-stream", part.filename().string()));
  const auto messages = harness.sim().wait_messages(kSplitUser, count, 60000);
  return messages.size() >= count ? messages[count - 1].text : std::string();
}

TEST(SplitFileBrowserTest, AJoinedVideoPlaysAndSeeksInChromium) {
  ASSERT_TRUE(testing::installed({"/usr/bin/chromium", "playwright-core"}));
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  testing::SimHarness harness;
  harness.sim().create_user(kSplitUser, "Ann");
  // H.264/AAC in MP4, which Chromium plays directly from /stream; 8 s, so the seek to 80% lands
  // in the last part.
  const fs::path video = testing::make_media(
      harness.dir(), "joined.mp4",
      "-f lavfi -i testsrc2=size=320x180:rate=25:duration=8 -f lavfi -i "
      "sine=frequency=440:duration=8 -c:v libx264 -preset ultrafast -pix_fmt yuv420p -g 25 "
      "-c:a aac -shortest");
  const std::uintmax_t part_size = fs::file_size(video) / 3 + 1;
  ASSERT_EQ(
      testing::run_logged("split -b " + std::to_string(part_size) + " --numeric-suffixes=1 -a 3 " +
                              video.string() + " " + video.string() + ".",
                          harness.dir() / "split.log"),
      0);
  (void)send_split_part(harness, video.string() + ".003", 1);
  (void)send_split_part(harness, video.string() + ".001", 2);
  const std::string joined = send_split_part(harness, video.string() + ".002", 3);
  const std::string stream = testing::link_path_in(joined, "/stream/");
  ASSERT_FALSE(stream.empty()) << joined;

  const boost::json::object row{{"name", "joined.mp4"},
                                {"stream", harness.base_url() + stream},
                                {"method", "direct"},
                                {"notice", ""}};
  const boost::json::object plan{
      {"suite", "joined"},
      {"base_url", harness.base_url()},
      {"screenshots", testing::screenshots_dir("playback").string()},
      {"files", boost::json::array{row}},
      {"tglink_pid", harness.process().pid()},
  };
  testing::run_plan(harness, plan, "playback.test.mjs");
}

}  // namespace
}  // namespace tglink
