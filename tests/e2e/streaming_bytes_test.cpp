// Byte-exact downloads, no download where none is needed, and faults: tglink on
// the simulator over real HTTP, every answer compared byte for byte with the source file.
#include <random>
#include <thread>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "e2e/streaming_support.hpp"
#include "support/required_tool.hpp"

namespace tglink::testing {
namespace {

HttpResult get_range(SimHarness& harness, const std::string& target, std::uint64_t first,
                     std::uint64_t last) {
  HttpCall call;
  call.target = target;
  call.headers["Range"] = "bytes=" + std::to_string(first) + "-" + std::to_string(last);
  return harness.call(call);
}

// `count` random ranges of at most `max_length` bytes, each checked against the source.
void expect_random_ranges_exact(SimHarness& harness, const PostedFile& file, std::uint64_t size,
                                int count, std::uint64_t max_length, std::uint32_t seed) {
  std::mt19937_64 random{seed};
  for (int i = 0; i < count; ++i) {
    const std::uint64_t first = random() % size;
    const std::uint64_t last = std::min(size - 1, first + random() % max_length);
    const HttpResult r = get_range(harness, "/dl/" + file.token, first, last);
    ASSERT_EQ(r.status, 206) << "bytes=" << first << "-" << last;
    ASSERT_TRUE(r.complete);
    EXPECT_EQ(r.header("content-range"), "bytes " + std::to_string(first) + "-" +
                                             std::to_string(last) + "/" + std::to_string(size));
    ASSERT_TRUE(r.body == testing::read_range(file.source, first, last - first + 1))
        << "wrong bytes for bytes=" << first << "-" << last << " of " << size;
  }
}

class SmallFiles : public ::testing::TestWithParam<std::uint64_t> {};

TEST_P(SmallFiles, WholeAndRandomRangesAreByteExact) {
  const std::uint64_t size = GetParam();
  SimHarness harness;
  const PostedFile file =
      testing::post_file(harness, harness.make_file("f" + std::to_string(size) + ".bin", size));
  const HttpResult whole = harness.get("/dl/" + file.token + "/name.bin");
  ASSERT_EQ(whole.status, 200) << whole.body;
  ASSERT_TRUE(whole.complete);
  EXPECT_EQ(whole.header("content-length"), std::to_string(size));
  EXPECT_TRUE(whole.body == testing::read_file(file.source));
  const HttpResult streamed = harness.get("/stream/" + file.token);
  EXPECT_EQ(streamed.status, 200);
  EXPECT_TRUE(streamed.body == whole.body);
  if (size > 0) expect_random_ranges_exact(harness, file, size, 12, size, 7);
}

INSTANTIATE_TEST_SUITE_P(Sizes, SmallFiles, ::testing::Values(0, 1, 4095, kMiB + 1),
                         [](const ::testing::TestParamInfo<std::uint64_t>& info) {
                           return "Bytes" + std::to_string(info.param);
                         });

// Past the part-size change of large files; fetched by curl into a file so no 300 MiB string
// is held in memory, then by random ranges.
TEST(LargeFile, ThreeHundredMiBWholeAndRangesAreByteExact) {
  TGLINK_REQUIRE_PROGRAM("curl");
  const std::uint64_t size = 300 * kMiB + 12345;
  SimHarness harness;
  const PostedFile file = testing::post_file(harness, harness.make_file("large.bin", size, 3));
  // Ranges first, from a cold cache, spread over the whole file.
  expect_random_ranges_exact(harness, file, size, 6, 3 * kMiB, 11);
  const std::filesystem::path copy = harness.dir() / "large.copy";
  const testing::CommandResult curl = testing::run_command(
      "curl -sS --fail -o " + copy.string() + " " + harness.base_url() + "/dl/" + file.token);
  ASSERT_EQ(curl.exit_code, 0) << curl.output;
  EXPECT_TRUE(testing::same_content(file.source, copy));
  std::filesystem::remove(copy);
  expect_random_ranges_exact(harness, file, size, 6, 3 * kMiB, 13);
}

TEST(NoNeedlessDownload, HeadNeverDownloads) {
  SimHarness harness;
  const PostedFile file =
      testing::post_file(harness, harness.make_file("head.bin", 2 * kMiB), "video/mp4", "video");
  harness.sim().reset_counters();
  for (const char* route : {"/dl/", "/stream/"}) {
    HttpCall head;
    head.method = "HEAD";
    head.target = route + file.token;
    const HttpResult r = harness.call(head);
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.header("content-length"), std::to_string(2 * kMiB));
    EXPECT_EQ(r.header("accept-ranges"), "bytes");
    EXPECT_EQ(r.header("content-type"), "video/mp4");
  }
  const sim::BotCountersView counters = harness.sim().counters(SimHarness::kMainBotId);
  EXPECT_EQ(counters.bytes_downloaded, 0);
  EXPECT_EQ(counters.download_file_calls, 0);
}

TEST(NoNeedlessDownload, SecondDownloadOfTheSameFileDownloadsNothing) {
  SimHarness harness;
  const PostedFile file = testing::post_file(harness, harness.make_file("twice.bin", 3 * kMiB + 5));
  const HttpResult first = harness.get("/dl/" + file.token);
  ASSERT_EQ(first.status, 200);
  ASSERT_TRUE(first.complete);
  harness.sim().reset_counters();
  const HttpResult second = harness.get("/dl/" + file.token);
  ASSERT_EQ(second.status, 200);
  EXPECT_TRUE(second.body == testing::read_file(file.source));
  EXPECT_EQ(testing::total_downloaded_bytes(harness), 0);
}

// A body is either whole and right, or cut short (the connection closed): never wrong bytes.
void expect_exact_or_cut_short(const HttpResult& r, const std::string& source) {
  if (r.status == 0) return;  // closed before the headers: acceptable
  ASSERT_EQ(r.status, 200);
  ASSERT_LE(r.body.size(), source.size());
  EXPECT_TRUE(source.compare(0, r.body.size(), r.body) == 0) << "wrong bytes in the body";
  if (r.complete) {
    EXPECT_EQ(r.body.size(), source.size());
  }
}

TEST(Faults, ShortFloodStormIsRiddenOutWithExactBytes) {
  SimHarness harness;
  const PostedFile file = testing::post_file(harness, harness.make_file("flood.bin", 4 * kMiB + 3));
  boost::json::object flood;
  flood["count"] = 3;  // fewer failures in a row than the engine tolerates per bot
  flood["retry_after"] = 1;
  harness.sim().fault(SimHarness::kMainBotId, "flood", flood);
  const HttpResult r = harness.get("/dl/" + file.token);
  expect_exact_or_cut_short(r, testing::read_file(file.source));
  EXPECT_TRUE(r.complete) << "a short storm is ridden out with retries";
}

TEST(Faults, EndlessFloodStormClosesTheConnectionWithoutWrongBytes) {
  SimHarness harness;
  const PostedFile file = testing::post_file(harness, harness.make_file("storm.bin", 4 * kMiB + 3));
  boost::json::object flood;
  flood["count"] = -1;  // until cleared
  flood["retry_after"] = 1;
  harness.sim().fault(SimHarness::kMainBotId, "flood", flood);
  const HttpResult r = harness.get("/dl/" + file.token);
  expect_exact_or_cut_short(r, testing::read_file(file.source));
  EXPECT_FALSE(r.complete) << "with every part refused the body cannot be whole";
  harness.sim().fault(SimHarness::kMainBotId, "clear");
}

TEST(Faults, DisconnectMidDownloadNeverGivesWrongBytes) {
  SimHarness harness;
  const PostedFile file = testing::post_file(harness, harness.make_file("cut.bin", 8 * kMiB));
  sim::BotSettingsPatch slow;
  slow.bytes_per_second = 4.0 * kMiB;
  harness.sim().set_bot(SimHarness::kMainBotId, slow);
  HttpResult r;
  std::thread reader([&] { r = harness.get("/dl/" + file.token); });
  // Disconnect once the download is under way (the simulator has counted some bytes).
  for (int i = 0; i < 400 && testing::total_downloaded_bytes(harness) == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  harness.sim().fault(SimHarness::kMainBotId, "disconnect");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  harness.sim().fault(SimHarness::kMainBotId, "reconnect");
  reader.join();
  expect_exact_or_cut_short(r, testing::read_file(file.source));
}

}  // namespace
}  // namespace tglink::testing
