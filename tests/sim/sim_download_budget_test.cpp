// TDLib's download budget and window moves: ResourceManager's Baseline mode gives a client's
// 2 MiB of parts in flight to the most recently requested file first, and a second downloadFile
// with a new offset keeps the parts in flight at the start of the new window
// (FileLoader::update_downloaded_part). Parts take a simulated minute, so nothing finishes until
// the test moves the clock.

#include <chrono>
#include <thread>

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

constexpr std::int64_t kPart = 64 * 1024;  // the part size of files up to 250 MiB

class SimDownloadBudgetTest : public SimTest {
 protected:
  void SetUp() override {
    SimTest::SetUp();
    client_ = login();
    sim::BotSettingsPatch slow;
    slow.latency_ms = 60000.0;  // a simulated minute per part
    control_->set_bot(kBotId, slow);
  }
  std::int64_t downloaded(int file_id) {
    json::object file = request(client_, {{"@type", "getFile"}, {"file_id", file_id}});
    return number(local(file), "downloaded_size");
  }
  // Lets every part in flight answer, and waits until the engine has taken their answers.
  void finish_parts_in_flight() {
    const std::int64_t before = control_->counters(kBotId).parts;
    const std::int64_t in_flight = control_->counters(kBotId).in_flight_bytes;
    control_->advance_time(60);
    const std::int64_t expected = before + in_flight / kPart;
    for (int i = 0; i < 2000 && control_->counters(kBotId).parts < expected; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_EQ(control_->counters(kBotId).parts, expected);
  }
  int client_ = 0;
};

TEST_F(SimDownloadBudgetTest, TheWholeBudgetGoesToTheLatestFileAndEarlierOnesWait) {
  const int first = receive_file(client_, make_file("first.bin", 10 * kMiB), "document");
  const int second = receive_file(client_, make_file("second.bin", 10 * kMiB), "document");
  request(client_, download_request(first, 0, 0));
  EXPECT_EQ(control_->counters(kBotId).in_flight_bytes, 2 * kMiB);  // 32 parts of 64 KiB
  request(client_, download_request(second, 0, 0));
  // The budget is taken; the second file gets what the first one's parts give back.
  EXPECT_EQ(control_->counters(kBotId).part_requests, 32);
  finish_parts_in_flight();
  EXPECT_EQ(downloaded(first), 2 * kMiB);
  EXPECT_EQ(control_->counters(kBotId).in_flight_bytes, 2 * kMiB);
  finish_parts_in_flight();
  EXPECT_EQ(downloaded(first), 2 * kMiB) << "the earlier file must wait";
  EXPECT_EQ(downloaded(second), 2 * kMiB);
  // Asking for the first file again makes it the latest: it takes the budget back as the
  // second file's parts in flight come home.
  request(client_, download_request(first, 2 * kMiB, 0));
  finish_parts_in_flight();
  EXPECT_EQ(downloaded(first), 2 * kMiB);
  EXPECT_EQ(downloaded(second), 4 * kMiB);
  finish_parts_in_flight();
  EXPECT_EQ(downloaded(first), 4 * kMiB);
  EXPECT_EQ(downloaded(second), 4 * kMiB);
}

TEST_F(SimDownloadBudgetTest, AHigherPriorityComesBeforeALaterRequest) {
  const int urgent = receive_file(client_, make_file("urgent.bin", 10 * kMiB), "document");
  const int later = receive_file(client_, make_file("later.bin", 10 * kMiB), "document");
  json::object high = download_request(urgent, 0, 0);
  high["priority"] = 32;
  request(client_, high);
  request(client_, download_request(later, 0, 0));
  finish_parts_in_flight();
  finish_parts_in_flight();
  EXPECT_EQ(downloaded(urgent), 4 * kMiB);
  EXPECT_EQ(downloaded(later), 0);
}

// ResourceManager::satisfy_node: a download whose window needs no more parts lets the next one
// in priority order have the rest of the budget (what tglink's seat behind a slice relies on).
TEST_F(SimDownloadBudgetTest, ADownloadThatNeedsNoMorePartsPassesTheBudgetToALowerPriority) {
  const int lead = receive_file(client_, make_file("lead.bin", 10 * kMiB), "document");
  const int behind = receive_file(client_, make_file("behind.bin", 10 * kMiB), "document");
  json::object lead_window = download_request(lead, 0, kMiB);  // 16 parts: all of it fits in flight
  lead_window["priority"] = 16;
  request(client_, lead_window);
  json::object behind_window = download_request(behind, 0, 0);
  behind_window["priority"] = 15;
  request(client_, behind_window);
  EXPECT_EQ(control_->counters(kBotId).part_requests, 32) << "the behind file starts at once";
  EXPECT_EQ(control_->counters(kBotId).in_flight_bytes, 2 * kMiB);
  finish_parts_in_flight();
  EXPECT_EQ(downloaded(lead), kMiB);
  EXPECT_EQ(downloaded(behind), kMiB);
  finish_parts_in_flight();
  EXPECT_EQ(downloaded(behind), 3 * kMiB) << "the whole budget once the lead is done";
}

TEST_F(SimDownloadBudgetTest, ANewOffsetKeepsThePartsAtTheStartOfTheNewWindow) {
  const int file = receive_file(client_, make_file("move.bin", 10 * kMiB), "document");
  request(client_, download_request(file, 0, 0));  // parts 0..31 in flight
  request(client_, download_request(file, kMiB, 0));
  // The new offset is reported at once, with no part finished.
  json::object moved = wait_file(
      file, [](const json::object& f) { return number(local(f), "download_offset") == kMiB; });
  EXPECT_EQ(number(local(moved), "downloaded_size"), 0);
  // Parts 16..31 go on; 0..15 are cancelled and their budget starts 32..47.
  EXPECT_EQ(control_->counters(kBotId).part_requests, 48);
  EXPECT_EQ(control_->counters(kBotId).in_flight_bytes, 2 * kMiB);
  finish_parts_in_flight();
  json::object prefix = request(
      client_, {{"@type", "getFileDownloadedPrefixSize"}, {"file_id", file}, {"offset", kMiB}});
  EXPECT_EQ(number(prefix, "size"), 2 * kMiB);
  EXPECT_EQ(downloaded(file), 2 * kMiB);
}

TEST_F(SimDownloadBudgetTest, OnlyTwoMebibytesOfTheNewWindowAreProtected) {
  const int file = receive_file(client_, make_file("far.bin", 10 * kMiB), "document");
  request(client_, download_request(file, 0, 0));  // parts 0..31 in flight
  // The whole file is still the window, but only parts 1..32 are protected: part 0 goes.
  request(client_, download_request(file, kPart, 0));
  EXPECT_EQ(control_->counters(kBotId).part_requests, 33);
  finish_parts_in_flight();
  json::object prefix = request(
      client_, {{"@type", "getFileDownloadedPrefixSize"}, {"file_id", file}, {"offset", 0}});
  EXPECT_EQ(number(prefix, "size"), 0);
  EXPECT_EQ(downloaded(file), 2 * kMiB);
}

TEST_F(SimDownloadBudgetTest, TheSameOffsetWithANewLimitCancelsNothing) {
  const int file = receive_file(client_, make_file("limit.bin", 10 * kMiB), "document");
  request(client_, download_request(file, 0, 0));
  request(client_, download_request(file, 0, kMiB));
  EXPECT_EQ(control_->counters(kBotId).part_requests, 32);
  EXPECT_EQ(control_->counters(kBotId).in_flight_bytes, 2 * kMiB);
}

TEST_F(SimDownloadBudgetTest, SmallFilesHaveABudgetOfTheirOwn) {
  const int big = receive_file(client_, make_file("big.bin", 10 * kMiB), "document");
  const int small = receive_file(client_, make_file("small.bin", 10 * 1024), "document");
  request(client_, download_request(big, 0, 0));
  request(client_, download_request(small, 0, 0));
  EXPECT_EQ(control_->counters(kBotId).in_flight_bytes, 2 * kMiB + 10 * 1024);
}

TEST_F(SimDownloadBudgetTest, TheBudgetMustHoldOneBigPart) {
  sim::BotSettingsPatch tiny;
  tiny.in_flight_bytes = 256 * 1024;
  try {
    control_->set_bot(kBotId, tiny);
    FAIL() << "a budget below 512 KiB was taken";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("in_flight_bytes"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace tglink::testing
