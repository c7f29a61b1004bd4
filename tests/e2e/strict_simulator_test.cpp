// End to end: tglink on a simulator as strict as TDLib. The default BASE_URL
// (http://localhost:PORT) makes Telegram refuse URL buttons and text URLs, so the link must come
// as plain text; every bot of ADDITIONAL_BOT_TOKENS must serve a file through its own file ids;
// admins are exempt from forced subscription.
#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "sim/control_client.hpp"
#include "support/sim_harness.hpp"

namespace tglink {
namespace {

using testing::SimHarness;
using testing::SimHarnessOptions;

constexpr std::int64_t kUser = 5550001;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

sim::SendFileRequest file_request(std::int64_t user, const std::filesystem::path& path,
                                  const std::string& kind, const std::string& mime) {
  sim::SendFileRequest request;
  request.user_id = user;
  request.path = path.string();
  request.kind = kind;
  request.mime_type = mime;
  return request;
}

// Sends the file as `user` and answers the bot's first reply (empty text when none came).
sim::SimMessage first_reply(SimHarness& harness, const sim::SendFileRequest& request) {
  harness.sim().send_file(request);
  const auto replies = harness.sim().wait_messages(request.user_id, 1, 15000);
  return replies.empty() ? sim::SimMessage{} : replies.front();
}

TEST(StrictSimulator, TheDefaultBaseUrlStillGivesTheUserTheirLinks) {
  SimHarnessOptions options;
  options.env["BASE_URL"] = "";  // unset: tglink's default, http://localhost:{PORT}
  SimHarness harness{options};
  harness.sim().create_user(kUser, "Ann");
  const auto video = harness.make_file("clip.mp4", 200000, 5);
  const sim::SimMessage reply =
      first_reply(harness, file_request(kUser, video, "video", "video/mp4"));

  const std::string local = "http://localhost:" + std::to_string(harness.port());
  ASSERT_TRUE(contains(reply.text, local + "/dl/")) << reply.text;
  EXPECT_TRUE(contains(reply.text, local + "/stream/")) << reply.text;
  // No button Telegram would refuse; the player link is written out instead.
  EXPECT_TRUE(reply.keyboard.empty());
  EXPECT_TRUE(contains(reply.text, "Play: " + local + "/player?stream=")) << reply.text;
  const testing::HttpResult got = harness.get(testing::link_path_in(reply.text, "/dl/"));
  ASSERT_EQ(got.status, 200) << got.body.substr(0, 200);
  EXPECT_TRUE(got.body == testing::read_file(video)) << "downloaded bytes differ";
  // With real credentials the operator is told why, at start.
  EXPECT_TRUE(contains(harness.process().output(), "links built on it work only on this machine"))
      << harness.process().output();
}

// Waits until the simulator has `count` bots logged in.
bool wait_for_bots(SimHarness& harness, std::size_t count) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    if (harness.sim().bots().size() >= count) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// The last connection state tglink logged for `bot` ("ready", "connecting", ...), or "".
std::string last_logged_connection(const std::string& output, std::int64_t bot) {
  const std::string marker = "(bot " + std::to_string(bot) + "): connection ";
  const std::size_t at = output.rfind(marker);
  if (at == std::string::npos) return {};
  const std::size_t start = at + marker.size();
  return output.substr(start, output.find_first_of("\r\n", start) - start);
}

// Waits until tglink has seen every bot in the state the simulator was told to put it in, so a
// request made next is planned on that view rather than on the one before the faults.
bool wait_for_connections(SimHarness& harness, const std::vector<std::int64_t>& bots,
                          std::int64_t connected) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    const std::string output = harness.process().output();
    const bool seen = std::all_of(bots.begin(), bots.end(), [&](std::int64_t bot) {
      const std::string state = last_logged_connection(output, bot);
      return bot == connected ? state == "ready" : state == "connecting";
    });
    if (seen) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

TEST(StrictSimulator, EveryBotServesTheFileThroughItsOwnFileIds) {
  const std::vector<std::int64_t> extra_bots{1000000002, 1000000003};
  SimHarnessOptions options;
  options.env["ADDITIONAL_BOT_TOKENS"] =
      "1000000002:SIMtoken_extra_bot_one_for_end_to_end,"
      "1000000003:SIMtoken_extra_bot_two_for_end_to_end";
  SimHarness harness{options};
  ASSERT_TRUE(wait_for_bots(harness, 3));
  harness.sim().create_user(kUser, "Ann");
  const auto file = harness.make_file("data.bin", 3 << 20, 11);
  const sim::SimMessage reply =
      first_reply(harness, file_request(kUser, file, "document", "application/octet-stream"));
  const std::string download = testing::link_path_in(reply.text, "/dl/");
  ASSERT_FALSE(download.empty()) << reply.text;
  const std::string bytes = testing::read_file(file);

  std::vector<std::int64_t> all{SimHarness::kMainBotId};
  all.insert(all.end(), extra_bots.begin(), extra_bots.end());
  for (const std::int64_t serving : all) {
    // Only `serving` is connected, so it must find and fetch the file itself.
    for (const std::int64_t bot : all) {
      harness.sim().fault(bot, bot == serving ? "reconnect" : "disconnect");
    }
    ASSERT_TRUE(wait_for_connections(harness, all, serving)) << harness.process().output();
    const testing::HttpResult got = harness.get(download);
    ASSERT_EQ(got.status, 200) << "bot " << serving << ": " << got.body.substr(0, 200);
    EXPECT_TRUE(got.body == bytes) << "bot " << serving << " served different bytes";
    EXPECT_GE(harness.sim().counters(serving).bytes_downloaded,
              static_cast<std::int64_t>(bytes.size()))
        << "bot " << serving << " did not download the file itself";
  }
}

TEST(StrictSimulator, AFloodedBotHandsTheDownloadToAnotherBotUnderThatBotsOwnFileId) {
  constexpr std::int64_t kExtraBot = 1000000002;
  SimHarnessOptions options;
  options.env["ADDITIONAL_BOT_TOKENS"] = "1000000002:SIMtoken_extra_bot_one_for_end_to_end";
  SimHarness harness{options};
  ASSERT_TRUE(wait_for_bots(harness, 2));
  harness.sim().create_user(kUser, "Ann");
  const auto file = harness.make_file("storm.bin", 5 << 20, 13);
  const sim::SimMessage reply =
      first_reply(harness, file_request(kUser, file, "document", "application/octet-stream"));
  const std::string download = testing::link_path_in(reply.text, "/dl/");
  ASSERT_FALSE(download.empty()) << reply.text;
  // Every part the main bot asks for is flood-waited for good; the main bot already knows the
  // file (it posted it), so the reader starts there and must move on.
  boost::json::object flood{{"count", -1}, {"retry_after", 1}};
  harness.sim().fault(SimHarness::kMainBotId, "flood", flood);
  const testing::HttpResult got = harness.get(download);
  ASSERT_EQ(got.status, 200) << got.body.substr(0, 200);
  EXPECT_TRUE(got.complete);
  EXPECT_TRUE(got.body == testing::read_file(file)) << "the body is not the file";
  EXPECT_GT(harness.sim().counters(kExtraBot).bytes_downloaded, 0);
  harness.sim().fault(SimHarness::kMainBotId, "clear");
}

TEST(StrictSimulator, AnAdminOutsideTheForcedChannelGetsTheirLink) {
  constexpr std::int64_t kChannel = -1002000000002;
  constexpr std::int64_t kAdmin = 700001;
  SimHarnessOptions options;
  options.env["FORCE_SUB_CHANNELS"] = std::to_string(kChannel);
  options.env["ADMINS"] = std::to_string(kAdmin);
  SimHarness harness{options};
  harness.sim().create_channel(kChannel, "News", true);
  harness.sim().create_user(kAdmin, "Ada");
  const auto file = harness.make_file("a.zip", 1000);
  const sim::SimMessage reply =
      first_reply(harness, file_request(kAdmin, file, "document", "application/zip"));
  EXPECT_FALSE(contains(reply.text, "Join required channels")) << reply.text;
  EXPECT_FALSE(testing::link_path_in(reply.text, "/dl/").empty()) << reply.text;
  // Commands are not held either.
  harness.sim().send_text(kAdmin, "/stats");
  const auto replies = harness.sim().wait_messages(kAdmin, 2, 15000);
  ASSERT_GE(replies.size(), 2U);
  EXPECT_FALSE(contains(replies[1].text, "Join required channels")) << replies[1].text;
}

}  // namespace
}  // namespace tglink
