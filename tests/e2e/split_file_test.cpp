// Split files joined, end to end on the simulator: a video cut in three with `split` is sent out
// of order through two bots; the replies say which parts are missing, then give the joined
// file's links; curl (whole, and ranges across each boundary), aria2c -x8 and ffprobe/ffmpeg
// (probe and seek through /stream) read it as one file, byte-exact; the player's conversion
// reads a joined MKV through tglink's own loopback source and serves its first segment and one
// from the middle. /join joins a file whose
// parts are all the same size, and says so when nothing waits. (The parts kept across a restart
// are the store's: tests/store/split_file_store_contract_test.cpp; the simulator's world does not
// outlive a restart of the harness.)
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "e2e/playback_calls.hpp"
#include "e2e/streaming_support.hpp"
#include "support/ffmpeg_media.hpp"
#include "support/required_tool.hpp"
#include "support/scenario.hpp"

namespace tglink::testing {
namespace {

namespace fs = std::filesystem;

constexpr std::int64_t kSplitSender = 5550301;

// Sends a part as kSplitSender and answers the bot's reply to it (the chat's message number
// `count`).
sim::SimMessage send_part(Scenario& scenario, const fs::path& path, std::size_t count) {
  return scenario.send_counted(user_file(kSplitSender, path, "document", "application/octet-stream",
                                         path.filename().string()),
                               count);
}

// Cuts `file` with coreutils' split into three parts FILE.001..003, the last the smallest;
// answers the size of each full part.
std::uint64_t split_in_three(const fs::path& file) {
  const std::uint64_t part = fs::file_size(file) / 3 + 1;
  const CommandResult r =
      run_command("split -b " + std::to_string(part) + " --numeric-suffixes=1 -a 3 " +
                  file.string() + " " + file.string() + ".");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return part;
}

// A few seconds of noisy test pattern and tone (so its size is several MiB), H.264/AAC in MP4
// with its index at the end: a player reads the last part before the first.
fs::path make_video(const SimHarness& harness) {
  return make_media(harness.dir(), "clip.mp4",
                    "-f lavfi -i testsrc=duration=6:size=384x288:rate=25 -f lavfi -i "
                    "sine=frequency=440:duration=6 -vf noise=alls=80:allf=t -c:v libx264 -preset "
                    "ultrafast -pix_fmt yuv420p -c:a aac -shortest");
}

std::string curl_range(const std::string& url, const fs::path& out, const std::string& range) {
  const CommandResult r =
      run_command("curl -sS --fail -r " + range + " -o " + out.string() + " '" + url + "'");
  EXPECT_EQ(r.exit_code, 0) << range << ": " << r.output;
  return read_file(out);
}

TEST(SplitFile, ThreePartsOutOfOrderThroughTwoBotsPlayAndDownloadAsOne) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  TGLINK_REQUIRE_PROGRAM("curl");
  TGLINK_REQUIRE_PROGRAM("aria2c");
  Scenario scenario(
      with_env({{"ADDITIONAL_BOT_TOKENS", "1000000002:SIMtoken_spread_bot_two_for_end_to_end"}}));
  SimHarness& harness = scenario.harness;
  const std::vector<std::int64_t> bots{four_bot_ids()[0], four_bot_ids()[1]};
  ASSERT_TRUE(wait_for_bots_connected(harness, bots)) << harness.process().output();
  scenario.create_users({{kSplitSender, "Ann"}});
  const fs::path video = make_video(harness);
  const std::uint64_t part = split_in_three(video);
  const std::string bytes = read_file(video);
  const auto part_path = [&](int n) {
    return fs::path(video.string() + ".00" + std::to_string(n));
  };

  const sim::SimMessage after_last = send_part(scenario, part_path(3), 1);
  EXPECT_TRUE(contains(after_last.text, "Part 3 received")) << after_last.text;
  EXPECT_TRUE(contains(after_last.text, "Missing: 1, 2")) << after_last.text;
  EXPECT_TRUE(link_path_in(after_last.text, "/dl/").empty()) << after_last.text;
  const sim::SimMessage after_first = send_part(scenario, part_path(1), 2);
  EXPECT_TRUE(contains(after_first.text, "Missing: 2")) << after_first.text;
  const sim::SimMessage joined = send_part(scenario, part_path(2), 3);
  ASSERT_TRUE(contains(joined.text, "Your link is ready")) << joined.text;
  EXPECT_TRUE(contains(joined.text, "clip.mp4")) << joined.text;
  EXPECT_FALSE(contains(joined.text, "clip.mp4.00")) << joined.text;
  const std::string download = link_path_in(joined.text, "/dl/");
  const std::string stream = link_path_in(joined.text, "/stream/");
  ASSERT_FALSE(download.empty()) << joined.text;
  ASSERT_FALSE(stream.empty()) << "a joined video gets a stream link: " << joined.text;
  const std::string dl_url = harness.base_url() + download;
  const std::string stream_url = harness.base_url() + stream;

  // The player page names the joined file, not its first part.
  const HttpResult page = harness.get("/player?stream=" + stream_url);
  ASSERT_EQ(page.status, 200);
  EXPECT_TRUE(contains(page.body, "clip.mp4")) << page.body;
  EXPECT_FALSE(contains(page.body, "clip.mp4.00")) << page.body;

  // The whole, and ranges across each boundary and all of them, with curl.
  const fs::path out = harness.dir() / "curl.out";
  const CommandResult whole = run_command("curl -sS --fail -o " + out.string() + " " + dl_url);
  ASSERT_EQ(whole.exit_code, 0) << whole.output << "\ntglink:\n" << harness.process().output();
  EXPECT_TRUE(same_content(video, out)) << "the whole file differs";
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges{
      {part - 1000, part + 1000},          // the first boundary
      {2 * part - 1, 2 * part},            // the last byte of part 2, the first of part 3
      {part - 1, 2 * part + 1},            // both boundaries
      {2 * part - 5000, bytes.size() - 1}  // into the last part, to the end
  };
  for (const auto& [first, last] : ranges) {
    const std::string range = std::to_string(first) + "-" + std::to_string(last);
    EXPECT_TRUE(curl_range(dl_url, out, range) == bytes.substr(first, last - first + 1))
        << range << ": the bytes differ";
  }
  EXPECT_TRUE(curl_range(stream_url, out, "-777") == bytes.substr(bytes.size() - 777));

  // aria2c with eight connections, each range planned over the two bots.
  const CommandResult aria = run_command(
      "aria2c --console-log-level=warn --summary-interval=0 -x8 -s8 -k1M "
      "--allow-overwrite=true --auto-file-renaming=false -d " +
      harness.dir().string() + " -o aria.out " + dl_url);
  ASSERT_EQ(aria.exit_code, 0) << aria.output << "\ntglink:\n" << harness.process().output();
  EXPECT_TRUE(same_content(video, harness.dir() / "aria.out"));

  // A player's reads: ffprobe finds the index in the last part, ffmpeg seeks into the middle.
  const CommandResult probe = run_command(
      "ffprobe -v error -show_entries format=duration -of default=noprint_wrappers=1:nokey=1 " +
      stream_url);
  ASSERT_EQ(probe.exit_code, 0) << probe.output;
  EXPECT_NEAR(std::atof(probe.output.c_str()), 6.0, 0.2) << probe.output;
  const CommandResult seek = run_command("ffmpeg -hide_banner -loglevel error -ss 3.5 -i " +
                                         stream_url + " -frames:v 5 -f null -");
  EXPECT_EQ(seek.exit_code, 0) << seek.output;

  for (const std::int64_t bot : bots) {
    EXPECT_GT(harness.sim().counters(bot).bytes_downloaded, 0)
        << "bot " << bot << " brought none of the parts";
  }
}

TEST(SplitFile, JoinJoinsPartsOfEqualSizeAndSaysWhenNothingWaits) {
  Scenario scenario({}, {{kSplitSender, "Ann"}});
  SimHarness& harness = scenario.harness;
  const sim::SimMessage nothing = scenario.say(kSplitSender, "/join", 1);
  EXPECT_TRUE(contains(nothing.text, "No split file is waiting")) << nothing.text;

  // Two parts of the same size: no part shows itself as the last, so /join joins them.
  const fs::path first = harness.make_file("data.bin.part1", 70000, 5);
  const fs::path second = harness.make_file("data.bin.part2", 70000, 6);
  const sim::SimMessage one = send_part(scenario, first, 2);
  EXPECT_TRUE(contains(one.text, "Part 1 received")) << one.text;
  EXPECT_TRUE(contains(one.text, "/join")) << one.text;
  const sim::SimMessage two = send_part(scenario, second, 3);
  EXPECT_TRUE(contains(two.text, "Received: 1, 2")) << two.text;
  const sim::SimMessage joined = scenario.say(kSplitSender, "/join", 4);
  ASSERT_TRUE(contains(joined.text, "Your link is ready")) << joined.text;
  EXPECT_TRUE(contains(joined.text, "data.bin")) << joined.text;
  const std::string download = link_path_in(joined.text, "/dl/");
  ASSERT_FALSE(download.empty()) << joined.text;
  EXPECT_TRUE(link_path_in(joined.text, "/stream/").empty()) << "not a video";
  const HttpResult got = harness.get(download);
  ASSERT_EQ(got.status, 200) << got.body.substr(0, 200);
  EXPECT_EQ(got.header("content-length"), "140000");
  EXPECT_TRUE(got.body == read_file(first) + read_file(second));
  EXPECT_TRUE(contains(scenario.say(kSplitSender, "/join", 5).text, "No split file is waiting"));
}

// GETs `target`, asking again while the converter works (503), for up to 60 s.
HttpResult get_when_converted(const SimHarness& harness, const std::string& target) {
  HttpResult result;
  (void)eventually(
      [&] {
        result = http_get(harness.port(), target);
        return result.status != 503;
      },
      kHangLimit, std::chrono::milliseconds(500));
  return result;
}

// The codecs of init.mp4 + segment `n` of a conversion, as ffprobe reads them joined.
std::string segment_codecs(const SimHarness& harness, const std::string& folder, int n) {
  const HttpResult init = get_when_converted(harness, folder + "init.mp4");
  const HttpResult segment = get_when_converted(harness, folder + std::to_string(n) + ".m4s");
  EXPECT_EQ(init.status, 200) << init.body.substr(0, 200);
  EXPECT_EQ(segment.status, 200) << segment.body.substr(0, 200);
  const fs::path path = harness.dir() / ("segment" + std::to_string(n) + ".mp4");
  std::ofstream(path, std::ios::binary) << init.body << segment.body;
  return run_command("ffprobe -v error -show_entries stream=codec_name -of csv=p=0 " +
                     path.string())
      .output;
}

TEST(SplitFile, ThePlayerConvertsAJoinedMkvFromItsStartAndFromTheMiddle) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  Scenario scenario({}, {{kSplitSender, "Ann"}});
  SimHarness& harness = scenario.harness;
  // AC-3 audio, which Chromium does not play: the player remuxes, reading the source itself.
  const fs::path film = make_media(
      harness.dir(), "film.mkv",
      "-f lavfi -i testsrc2=size=160x120:rate=24:duration=8 -f lavfi -i sine=frequency=440:"
      "duration=8 -c:v libx264 -preset ultrafast -pix_fmt yuv420p -g 48 -c:a ac3 -b:a 64k");
  ASSERT_TRUE(fs::exists(film));
  (void)split_in_three(film);
  (void)send_part(scenario, fs::path(film.string() + ".002"), 1);
  (void)send_part(scenario, fs::path(film.string() + ".001"), 2);
  const sim::SimMessage joined = send_part(scenario, fs::path(film.string() + ".003"), 3);
  const std::string download = link_path_in(joined.text, "/dl/");
  ASSERT_FALSE(download.empty()) << joined.text;
  const std::string token = download.substr(std::string("/dl/").size());

  const boost::json::object answer = post_playback(harness, token);
  EXPECT_EQ(answer.at("method").as_string(), "remux");
  EXPECT_NEAR(answer.at("duration").as_double(), 8.0, 0.2);
  const std::string url(answer.at("url").as_string());
  const std::string folder = url.substr(0, url.rfind('/') + 1);
  EXPECT_EQ(segment_codecs(harness, folder, 0), "h264\naac\n");
  EXPECT_EQ(segment_codecs(harness, folder, 1), "h264\naac\n") << "a seek past the first segment";
}

// The parts chosen together in a Telegram client go as one album: each part is answered on its
// own and the last answer is the joined link, never an album reply with a link per part.
TEST(SplitFile, PartsSentAsOneAlbumAreJoinedNotListed) {
  Scenario scenario({}, {{kSplitSender, "Ann"}});
  SimHarness& harness = scenario.harness;
  const fs::path archive = harness.make_file("backup.7z", 250000, 9);
  (void)split_in_three(archive);
  std::vector<sim::SendFileRequest> album;
  for (const std::string number : {"001", "002", "003"}) {
    const fs::path part(archive.string() + "." + number);
    album.push_back(user_file(kSplitSender, part, "document", "application/octet-stream",
                              part.filename().string()));
  }
  ASSERT_EQ(harness.sim().send_album(kSplitSender, album).size(), 3U);
  const std::vector<sim::SimMessage> replies =
      harness.sim().wait_messages(kSplitSender, 3, kBotReplyWaitMs);
  ASSERT_EQ(replies.size(), 3U);
  int joined = 0;
  for (const sim::SimMessage& reply : replies) {
    EXPECT_FALSE(contains(reply.text, "links are ready")) << "an album reply: " << reply.text;
    const std::string download = link_path_in(reply.text, "/dl/");
    if (download.empty()) continue;
    ++joined;
    EXPECT_TRUE(contains(reply.text, "backup.7z")) << reply.text;
    const HttpResult got = harness.get(download);
    ASSERT_EQ(got.status, 200) << got.body.substr(0, 200);
    EXPECT_TRUE(got.body == read_file(archive)) << "the joined bytes differ";
  }
  EXPECT_EQ(joined, 1) << "one joined link, no link per part";
}

}  // namespace
}  // namespace tglink::testing
