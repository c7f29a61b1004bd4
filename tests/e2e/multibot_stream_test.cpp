// End to end: one stream spread over four bots on the simulator. Every range shape is
// byte-exact with the slices fetched by different bots, streams of different files share the
// bots byte-exact, a bot that disconnects mid-stream loses no byte, and the cache budget after a
// restart counts what earlier runs left on disk.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "e2e/streaming_support.hpp"
#include "media/slice_plan.hpp"
#include "support/metrics_scrape.hpp"
#include "support/sim_harness.hpp"

namespace tglink::testing {
namespace {

const std::vector<std::int64_t> kBots = four_bot_ids();
constexpr const char* kMetricsToken = "multibot-metrics-token-0123456789";

// Four bots, and /metrics open to kMetricsToken.
SimHarnessOptions four_bots_with_metrics() {
  SimHarnessOptions options = four_bot_options();
  options.env["METRICS_TOKEN"] = kMetricsToken;
  return options;
}

// The sum over every series of the counter `name` in the service's /metrics.
double counter_sum(SimHarness& harness, const std::string& name) {
  HttpCall call;
  call.target = "/metrics";
  call.headers["Authorization"] = std::string("Bearer ") + kMetricsToken;
  const HttpResult scrape = harness.call(call);
  EXPECT_EQ(scrape.status, 200) << scrape.body.substr(0, 200);
  double sum = 0;
  for (const auto& [series, value] : parse_scrape(scrape.body)) {
    if (series == name || series.rfind(name + "{", 0) == 0) sum += value;
  }
  return sum;
}

// Every bot on the simulator's realistic network profile (50-150 ms per part), at most
// `bytes_per_second`, so that a stream lasts long enough to see it spread.
void limit_bots(SimHarness& harness, double bytes_per_second) {
  for (const std::int64_t bot : kBots) {
    sim::BotSettingsPatch patch;
    patch.profile = "realistic";
    patch.bytes_per_second = bytes_per_second;
    harness.sim().set_bot(bot, patch);
  }
}

HttpResult get_range(SimHarness& harness, const std::string& target, const std::string& range) {
  HttpCall call;
  call.target = target;
  call.headers["Range"] = range;
  return harness.call(call);
}

// What the files under `tdlib`/<bot>/<folder>/ take on disk, counted as tglink's scan does
// (written blocks, at most the length).
std::uint64_t bytes_under(const std::filesystem::path& tdlib) {
  std::uint64_t total = 0;
  for (const auto& bot : std::filesystem::directory_iterator(tdlib)) {
    if (!bot.is_directory()) continue;
    for (const auto& folder : std::filesystem::directory_iterator(bot.path())) {
      if (!folder.is_directory()) continue;
      for (const auto& file : std::filesystem::recursive_directory_iterator(folder.path())) {
        struct stat info {};
        if (!file.is_regular_file() || ::stat(file.path().c_str(), &info) != 0) continue;
        total += std::min<std::uint64_t>(static_cast<std::uint64_t>(info.st_size),
                                         static_cast<std::uint64_t>(info.st_blocks) * 512);
      }
    }
  }
  return total;
}

// The byte count of the last "Cache: N files of B bytes found on disk" line, or -1.
std::int64_t logged_cache_bytes(const std::string& output) {
  const std::string marker = " files of ";
  const std::size_t line = output.rfind("Cache: ");
  if (line == std::string::npos) return -1;
  const std::size_t at = output.find(marker, line);
  if (at == std::string::npos) return -1;
  return std::stoll(output.substr(at + marker.size()));
}

// How many of the bots downloaded anything so far.
int bots_that_downloaded(SimHarness& harness) {
  return static_cast<int>(std::count_if(kBots.begin(), kBots.end(), [&](std::int64_t bot) {
    return harness.sim().counters(bot).bytes_downloaded > 0;
  }));
}

// What the service says it downloaded again: a bot the machine's load slowed below the crawl
// line hands its slice on, and the parts it had in flight (TDLib keeps up to 2 MiB of them per
// file, SliceSettings::steal_margin_bytes) come again from the next bot; a stolen tail's bytes in
// flight are counted as downloaded twice.
std::int64_t said_repeated(SimHarness& harness) {
  const auto handovers =
      static_cast<std::int64_t>(counter_sum(harness, "tglink_download_handovers_total"));
  const auto stolen_twice =
      static_cast<std::int64_t>(counter_sum(harness, "tglink_download_duplicate_bytes_total"));
  const auto in_flight = static_cast<std::int64_t>(SliceSettings{}.steal_margin_bytes);
  return handovers * in_flight + stolen_twice;
}

TEST(MultibotStream, FourBotsServeEveryRangeShapeByteExact) {
  SimHarness harness{four_bots_with_metrics()};
  ASSERT_TRUE(wait_for_bots_connected(harness, kBots)) << harness.process().output();
  limit_bots(harness, 8.0 * kMiB);
  const std::int64_t size = 24 * kMiB + 4321;
  const auto path = harness.make_file("spread.bin", static_cast<std::uint64_t>(size), 21);
  const PostedFile posted = post_file(harness, path);
  const std::string target = "/dl/" + posted.token;
  const std::string bytes = read_file(path);

  // Cold ranges first, each in a part of the file no bot has yet.
  const std::vector<std::pair<std::string, std::string>> ranges = {
      {"bytes=0-0", bytes.substr(0, 1)},
      {"bytes=-1000", bytes.substr(bytes.size() - 1000)},
      {"bytes=3000000-12999999", bytes.substr(3000000, 10000000)},
      {"bytes=20000000-", bytes.substr(20000000)},
  };
  std::int64_t asked = 0;
  for (const auto& [range, expected] : ranges) {
    const HttpResult got = get_range(harness, target, range);
    ASSERT_EQ(got.status, 206) << range << ": " << got.body.substr(0, 200);
    EXPECT_TRUE(got.complete) << range;
    EXPECT_TRUE(got.body == expected) << range << ": the bytes differ";
    asked += static_cast<std::int64_t>(expected.size());
  }
  // A range's slices stop at its end, so each range fetches what it asked for and at most the
  // two parts its ends cut (64 KiB for this size, media/slice_plan.hpp), nothing more but for
  // what the service says it repeated.
  const std::int64_t after_ranges = total_downloaded_bytes(harness);
  const std::int64_t part =
      static_cast<std::int64_t>(tdlib_part_bytes(static_cast<std::uint64_t>(size)));
  const std::int64_t cut_parts = static_cast<std::int64_t>(ranges.size()) * 2 * part;
  EXPECT_GE(after_ranges, asked);
  EXPECT_LE(after_ranges, asked + cut_parts + said_repeated(harness))
      << "the ranges fetched more than they asked for";

  const HttpResult whole = harness.get(target);
  ASSERT_EQ(whole.status, 200) << whole.body.substr(0, 200);
  EXPECT_TRUE(whole.complete);
  EXPECT_TRUE(whole.body == bytes) << "the whole file differs";

  // The whole file is one stream: its plan brings each byte once (slices end at parts'
  // boundaries) and ends its slices where the bytes the ranges left on the bots' disks begin
  // (media/held_bytes.hpp), so it fetches only what the ranges did not, but for what the service
  // says it repeated.
  const std::int64_t total = total_downloaded_bytes(harness);
  const std::int64_t by_whole = total - after_ranges;
  const std::int64_t repeated = said_repeated(harness);
  EXPECT_GE(bots_that_downloaded(harness), 3) << "the stream was not spread over the bots";
  EXPECT_GE(total, size);
  EXPECT_LE(by_whole, size - asked + repeated)
      << "the whole file's stream fetched again bytes the ranges had left on the bots' disks";
}

// Each bot takes the streams' slices in turn, the next one started behind the current one at a
// lower priority and moved to the front when it leads (media/bot_turns.hpp).
TEST(MultibotStream, StreamsOfDifferentFilesShareTheBotsByteExact) {
  SimHarness harness{four_bot_options()};
  ASSERT_TRUE(wait_for_bots_connected(harness, kBots)) << harness.process().output();
  limit_bots(harness, 8.0 * kMiB);
  constexpr int kStreams = 4;
  const std::int64_t size = 8 * kMiB + 777;
  std::vector<std::string> targets;
  std::vector<std::string> contents;
  for (int i = 0; i < kStreams; ++i) {
    const auto path = harness.make_file("shared" + std::to_string(i) + ".bin",
                                        static_cast<std::uint64_t>(size), 30 + i);
    targets.push_back("/dl/" + post_file(harness, path).token);
    contents.push_back(read_file(path));
  }
  std::vector<HttpResult> got(kStreams);
  std::vector<std::thread> clients;
  clients.reserve(kStreams);
  for (int i = 0; i < kStreams; ++i) {
    clients.emplace_back([&, i] {
      got[static_cast<std::size_t>(i)] = harness.get(targets[static_cast<std::size_t>(i)]);
    });
  }
  for (std::thread& client : clients) client.join();
  for (std::size_t i = 0; i < got.size(); ++i) {
    ASSERT_EQ(got[i].status, 200) << i << ": " << got[i].body.substr(0, 200);
    EXPECT_TRUE(got[i].complete) << i;
    EXPECT_TRUE(got[i].body == contents[i]) << "stream " << i << ": the bytes differ";
  }
  const std::int64_t downloaded = total_downloaded_bytes(harness);
  EXPECT_GE(downloaded, kStreams * size);
  // A slice moved to the front keeps the parts it already has; only parts that slices share at
  // their edges are fetched twice.
  EXPECT_LT(downloaded, kStreams * (size + size / 4)) << "bytes were downloaded several times";
}

TEST(MultibotStream, ABotThatDisconnectsMidStreamLosesNoByte) {
  SimHarness harness{four_bot_options()};
  ASSERT_TRUE(wait_for_bots_connected(harness, kBots)) << harness.process().output();
  limit_bots(harness, 2.0 * kMiB);
  const auto path = harness.make_file("cut.bin", static_cast<std::uint64_t>(24 * kMiB), 22);
  const PostedFile posted = post_file(harness, path);

  HttpResult got;
  std::atomic<bool> done{false};
  std::thread client([&] {
    got = harness.get("/dl/" + posted.token);
    done = true;
  });
  const std::int64_t victim = kBots[2];
  // Once the victim has brought part of its slice, it goes away for good.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (!done && std::chrono::steady_clock::now() < deadline &&
         harness.sim().counters(victim).bytes_downloaded < static_cast<std::int64_t>(kMiB)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const bool cut_mid_stream = !done;
  harness.sim().fault(victim, "disconnect");
  client.join();
  EXPECT_TRUE(cut_mid_stream) << "the stream ended before the bot could be cut";
  ASSERT_EQ(got.status, 200) << got.body.substr(0, 200);
  EXPECT_TRUE(got.complete);
  EXPECT_TRUE(got.body == read_file(path)) << "bytes were lost or changed";
}

TEST(MultibotStream, TheCacheBudgetAfterARestartCountsWhatIsOnDisk) {
  SimHarness harness{four_bot_options()};
  ASSERT_TRUE(wait_for_bots_connected(harness, kBots)) << harness.process().output();
  const auto path = harness.make_file("kept.bin", static_cast<std::uint64_t>(6 * kMiB), 23);
  const PostedFile posted = post_file(harness, path);
  const HttpResult half = get_range(harness, "/dl/" + posted.token, "bytes=0-3145727");
  ASSERT_EQ(half.status, 206);
  ASSERT_EQ(harness.stop(), 0);

  const std::filesystem::path tdlib = harness.dir() / "data" / "tdlib";
  const std::uint64_t on_disk = bytes_under(tdlib);
  ASSERT_GE(on_disk, 3u * kMiB) << "the downloads are not on disk";
  harness.restart();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  std::int64_t logged = -1;
  while (logged < 0 && std::chrono::steady_clock::now() < deadline) {
    logged = logged_cache_bytes(harness.process().output());
    if (logged < 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(logged, static_cast<std::int64_t>(on_disk)) << harness.process().output();
}

}  // namespace
}  // namespace tglink::testing
