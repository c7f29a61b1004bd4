// The batch page (/b/{token}) in a real browser. Starts tglink on the simulator,
// collects three files with /batch ... /done as a user would (the video with a JPEG thumbnail),
// and runs batch.test.mjs (playwright-core driving Debian's Chromium) against the batch link:
// the page, a download, and the player it opens with the video's poster. Screenshots land in
// <build>/test-results/batch/.
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "browser/browser_script.hpp"
#include "support/ffmpeg_media.hpp"
#include "support/sim_harness.hpp"
#include "support/user_file.hpp"

namespace tglink {
namespace {

namespace json = boost::json;
namespace fs = std::filesystem;
using testing::SimHarness;

constexpr std::int64_t kUser = 5550001;
constexpr int kWaitMs = 60000;

// A 320x180 JPEG, as Telegram makes for a video.
fs::path make_thumbnail(const fs::path& dir) {
  return testing::make_media(dir, "thumb.jpg", "-f lavfi -i testsrc2=size=320x180 -frames:v 1");
}

// Polls the batch's JSON until it lists `count` files.
bool wait_for_files(SimHarness& harness, const std::string& path, std::int64_t count) {
  testing::HttpCall call;
  call.target = path;
  call.headers["Accept"] = "application/json";
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kWaitMs);
  while (std::chrono::steady_clock::now() < deadline) {
    const testing::HttpResult got = harness.call(call);
    if (got.status == 200 && json::parse(got.body).at("file_count").as_int64() >= count) {
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return false;
}

TEST(BatchBrowserTest, ThePageListsPlaysAndDownloadsInChromium) {
  ASSERT_TRUE(testing::installed({"/usr/bin/chromium", "playwright-core"}));
  SimHarness harness;
  harness.sim().create_user(kUser, "Ann");
  // The first is downloaded by name in the browser, so it has a name any file system takes.
  const std::vector<std::string> names{"notes.txt", "Report <final> & \"v2\".pdf",
                                       "Holiday clip.mp4"};
  const std::vector<fs::path> files{harness.make_file("notes.txt", 3000, 43),
                                    harness.make_file("report.pdf", 250000, 41),
                                    harness.make_file("clip.mp4", 400000, 42)};

  harness.sim().send_text(kUser, "/batch");
  ASSERT_EQ(harness.sim().wait_messages(kUser, 1, kWaitMs).size(), 1U);
  harness.sim().send_file(testing::user_file(kUser, files[0], "document", "text/plain", names[0]));
  harness.sim().send_file(
      testing::user_file(kUser, files[1], "document", "application/pdf", names[1]));
  sim::SendFileRequest video = testing::user_file(kUser, files[2], "video", "video/mp4", names[2]);
  video.thumbnail_path = make_thumbnail(harness.dir()).string();
  harness.sim().send_file(video);
  harness.sim().send_text(kUser, "/done");
  const auto replies = harness.sim().wait_messages(kUser, 2, kWaitMs);
  ASSERT_EQ(replies.size(), 2U);
  const std::string path = testing::link_path_in(replies[1].text, "/b/");
  ASSERT_FALSE(path.empty()) << replies[1].text;
  ASSERT_TRUE(wait_for_files(harness, path, 3));

  json::array sizes;
  for (const fs::path& file : files)
    sizes.push_back(static_cast<std::int64_t>(fs::file_size(file)));
  json::array name_list;
  for (const std::string& name : names) name_list.push_back(json::string(name));
  const json::object plan{{"base_url", harness.base_url()},
                          {"screenshots", testing::screenshots_dir("batch").string()},
                          {"batch_url", harness.base_url() + path},
                          {"names", name_list},
                          {"sizes", sizes},
                          {"video_name", names[2]},
                          {"video_size_text", "390.6 KiB"}};
  testing::run_plan(harness, plan, "batch.test.mjs");
}

}  // namespace
}  // namespace tglink
