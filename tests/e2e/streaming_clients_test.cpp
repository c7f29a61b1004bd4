// Real clients: curl resumes, aria2c splits into 8 ranges (on one bot, and on four bots with
// every part fetched once), ffprobe and ffmpeg read and seek streamed videos, all against tglink
// on the simulator. Each test is skipped, saying why,
// when its tool is missing (scripts/install-deps.sh --test installs them).
#include <cstdlib>
#include <vector>

#include <gtest/gtest.h>

#include "e2e/streaming_support.hpp"
#include "support/required_tool.hpp"

namespace tglink::testing {
namespace {

TEST(RealClients, CurlResumesAnInterruptedDownload) {
  TGLINK_REQUIRE_PROGRAM("curl");
  SimHarness harness;
  const PostedFile file =
      testing::post_file(harness, harness.make_file("resume.bin", 5 * kMiB + 17));
  const std::string url = harness.base_url() + "/dl/" + file.token;
  const std::filesystem::path out = harness.dir() / "resume.out";
  // The first 2 MiB + 3 bytes, as an interrupted download leaves them.
  CommandResult part = run_command("curl -sS --fail -r 0-2097154 -o " + out.string() + " " + url);
  ASSERT_EQ(part.exit_code, 0) << part.output;
  ASSERT_EQ(std::filesystem::file_size(out), 2 * kMiB + 3);
  const CommandResult resumed = run_command("curl -sS --fail -C - -o " + out.string() + " " + url);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_TRUE(testing::same_content(file.source, out));
}

// aria2c splits the file into `connections` ranges fetched at once, as IDM does.
CommandResult run_aria2(const SimHarness& harness, const PostedFile& file, int connections) {
  const std::string n = std::to_string(connections);
  return run_command("aria2c --console-log-level=warn --summary-interval=0 -x" + n + " -s" + n +
                     " -k1M --allow-overwrite=true --auto-file-renaming=false -d " +
                     harness.dir().string() + " -o aria.out " + harness.base_url() + "/dl/" +
                     file.token);
}

TEST(RealClients, Aria2WithEightConnectionsIsByteExact) {
  TGLINK_REQUIRE_PROGRAM("aria2c");
  SimHarness harness;
  const PostedFile file = testing::post_file(harness, harness.make_file("aria.bin", 24 * kMiB + 1));
  const CommandResult r = run_aria2(harness, file, 8);
  ASSERT_EQ(r.exit_code, 0) << r.output << "\ntglink:\n" << harness.process().output();
  EXPECT_TRUE(testing::same_content(file.source, harness.dir() / "aria.out"));
}

// Eight connections of one cold file over four bots, each bot held to 8 MiB/s on the
// simulator's realistic profile so that the connections' streams overlap: the ranges are planned
// together (media/slice_plan.hpp), so the bytes are exact and no part of the file is downloaded
// twice, by two bots or for two connections.
TEST(RealClients, Aria2WithEightConnectionsOverFourBotsFetchesEveryPartOnce) {
  TGLINK_REQUIRE_PROGRAM("aria2c");
  SimHarnessOptions options;
  options.env["ADDITIONAL_BOT_TOKENS"] = testing::kThreeExtraBotTokens;
  SimHarness harness{options};
  const std::vector<std::int64_t> bots = testing::four_bot_ids();
  ASSERT_TRUE(testing::wait_for_bots_connected(harness, bots)) << harness.process().output();
  for (const std::int64_t bot : bots) {
    sim::BotSettingsPatch patch;
    patch.profile = "realistic";
    patch.bytes_per_second = 8.0 * kMiB;
    harness.sim().set_bot(bot, patch);
  }
  const std::uint64_t size = 24 * kMiB + 4321;
  const PostedFile file = testing::post_file(harness, harness.make_file("aria4.bin", size));
  const CommandResult r = run_aria2(harness, file, 8);
  ASSERT_EQ(r.exit_code, 0) << r.output << "\ntglink:\n" << harness.process().output();
  EXPECT_TRUE(testing::same_content(file.source, harness.dir() / "aria.out"));
  int bots_that_downloaded = 0;
  for (const std::int64_t bot : bots) {
    if (harness.sim().counters(bot).bytes_downloaded > 0) ++bots_that_downloaded;
  }
  EXPECT_GE(bots_that_downloaded, 3) << "the connections were not spread over the bots";
  EXPECT_EQ(testing::total_downloaded_bytes(harness), static_cast<std::int64_t>(size))
      << "parts were downloaded twice";
}

// A few seconds of test pattern and tone, H.264/AAC, in the given container.
std::filesystem::path make_video(const SimHarness& harness, const std::string& name) {
  const std::filesystem::path path = harness.dir() / name;
  const CommandResult r = run_command(
      "ffmpeg -hide_banner -loglevel error -y -f lavfi -i testsrc=duration=6:size=320x240:rate=25 "
      "-f lavfi -i sine=frequency=440:duration=6 -c:v libx264 -preset ultrafast -pix_fmt yuv420p "
      "-c:a aac -shortest " +
      path.string());
  if (r.exit_code != 0) throw std::runtime_error("ffmpeg could not make " + name + ": " + r.output);
  return path;
}

double streamed_duration(const std::string& url) {
  const CommandResult r = run_command(
      "ffprobe -v error -show_entries format=duration -of default=noprint_wrappers=1:nokey=1 " +
      url);
  if (r.exit_code != 0) return -1;
  return std::atof(r.output.c_str());
}

TEST(RealClients, FfprobeReadsTheDurationOfAStreamedMp4AndMkv) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  SimHarness harness;
  const PostedFile mp4 =
      testing::post_file(harness, make_video(harness, "clip.mp4"), "video/mp4", "video");
  const PostedFile mkv =
      testing::post_file(harness, make_video(harness, "clip.mkv"), "video/x-matroska", "document");
  EXPECT_NEAR(streamed_duration(harness.base_url() + "/stream/" + mp4.token + "/clip.mp4"), 6.0,
              0.2);
  EXPECT_NEAR(streamed_duration(harness.base_url() + "/stream/" + mkv.token + "/clip.mkv"), 6.0,
              0.2);
}

TEST(RealClients, FfmpegSeeksToTheMiddleOfAStreamedVideo) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  SimHarness harness;
  const PostedFile mp4 =
      testing::post_file(harness, make_video(harness, "seek.mp4"), "video/mp4", "video");
  const std::filesystem::path frame = harness.dir() / "frame.png";
  const CommandResult r =
      run_command("ffmpeg -hide_banner -loglevel error -y -ss 3 -i " + harness.base_url() +
                  "/stream/" + mp4.token + " -frames:v 1 " + frame.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_GT(std::filesystem::file_size(frame), 0U);
}

}  // namespace
}  // namespace tglink::testing
