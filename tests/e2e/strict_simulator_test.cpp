// End to end: tglink on a simulator as strict as TDLib. The default BASE_URL
// (http://localhost:PORT) makes Telegram refuse URL buttons and text URLs, so the link must come
// as plain text; every bot of ADDITIONAL_BOT_TOKENS must serve a file through its own file ids;
// admins are exempt from forced subscription.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/scenario.hpp"

namespace tglink::testing {
namespace {

constexpr std::int64_t kStrictUser = 5550001;

// `file` sent as kStrictUser's first message; the /dl/ path of the bot's first reply.
std::string first_download(Scenario& scenario, const std::filesystem::path& file) {
  const sim::SimMessage reply = scenario.send_counted(
      user_file(kStrictUser, file, "document", "application/octet-stream"), 1);
  const std::string download = link_path_in(reply.text, "/dl/");
  EXPECT_FALSE(download.empty()) << reply.text;
  return download;
}

TEST(StrictSimulator, TheDefaultBaseUrlStillGivesTheUserTheirLinks) {
  // BASE_URL unset: tglink's default, http://localhost:{PORT}
  Scenario scenario(with_env({{"BASE_URL", ""}}), {{kStrictUser, "Ann"}});
  SimHarness& harness = scenario.harness;
  const auto video = harness.make_file("clip.mp4", 200000, 5);
  const sim::SimMessage reply =
      scenario.send_counted(user_file(kStrictUser, video, "video", "video/mp4"), 1);

  const std::string local = "http://localhost:" + std::to_string(harness.port());
  ASSERT_TRUE(contains(reply.text, local + "/dl/")) << reply.text;
  EXPECT_TRUE(contains(reply.text, local + "/stream/")) << reply.text;
  // No button Telegram would refuse; the player link is written out instead.
  EXPECT_TRUE(reply.keyboard.empty());
  EXPECT_TRUE(contains(reply.text, "Play: " + local + "/player?stream=")) << reply.text;
  const HttpResult got = harness.get(link_path_in(reply.text, "/dl/"));
  ASSERT_EQ(got.status, 200) << got.body.substr(0, 200);
  EXPECT_TRUE(got.body == read_file(video)) << "downloaded bytes differ";
  // With real credentials the operator is told why, at start.
  EXPECT_TRUE(contains(harness.process().output(), "links built on it work only on this machine"))
      << harness.process().output();
}

// Waits until the simulator has `count` bots logged in.
bool wait_for_bots(SimHarness& harness, std::size_t count) {
  return eventually([&] { return harness.sim().bots().size() >= count; });
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
  return eventually([&] {
    const std::string output = harness.process().output();
    return std::all_of(bots.begin(), bots.end(), [&](std::int64_t bot) {
      const std::string state = last_logged_connection(output, bot);
      return bot == connected ? state == "ready" : state == "connecting";
    });
  });
}

TEST(StrictSimulator, EveryBotServesTheFileThroughItsOwnFileIds) {
  const std::vector<std::int64_t> extra_bots{1000000002, 1000000003};
  Scenario scenario(with_env({{"ADDITIONAL_BOT_TOKENS",
                               "1000000002:SIMtoken_extra_bot_one_for_end_to_end,"
                               "1000000003:SIMtoken_extra_bot_two_for_end_to_end"}}));
  SimHarness& harness = scenario.harness;
  ASSERT_TRUE(wait_for_bots(harness, 3));
  scenario.create_users({{kStrictUser, "Ann"}});
  const auto file = harness.make_file("data.bin", 3 << 20, 11);
  const std::string download = first_download(scenario, file);
  ASSERT_FALSE(download.empty());
  const std::string bytes = read_file(file);

  std::vector<std::int64_t> all{SimHarness::kMainBotId};
  all.insert(all.end(), extra_bots.begin(), extra_bots.end());
  for (const std::int64_t serving : all) {
    // Only `serving` is connected, so it must find and fetch the file itself.
    for (const std::int64_t bot : all) {
      harness.sim().fault(bot, bot == serving ? "reconnect" : "disconnect");
    }
    ASSERT_TRUE(wait_for_connections(harness, all, serving)) << harness.process().output();
    const HttpResult got = harness.get(download);
    ASSERT_EQ(got.status, 200) << "bot " << serving << ": " << got.body.substr(0, 200);
    EXPECT_TRUE(got.body == bytes) << "bot " << serving << " served different bytes";
    EXPECT_GE(harness.sim().counters(serving).bytes_downloaded,
              static_cast<std::int64_t>(bytes.size()))
        << "bot " << serving << " did not download the file itself";
  }
}

TEST(StrictSimulator, AFloodedBotHandsTheDownloadToAnotherBotUnderThatBotsOwnFileId) {
  constexpr std::int64_t kExtraBot = 1000000002;
  Scenario scenario(
      with_env({{"ADDITIONAL_BOT_TOKENS", "1000000002:SIMtoken_extra_bot_one_for_end_to_end"}}));
  SimHarness& harness = scenario.harness;
  ASSERT_TRUE(wait_for_bots(harness, 2));
  scenario.create_users({{kStrictUser, "Ann"}});
  const auto file = harness.make_file("storm.bin", 5 << 20, 13);
  const std::string download = first_download(scenario, file);
  ASSERT_FALSE(download.empty());
  // Every part the main bot asks for is flood-waited for good; the main bot already knows the
  // file (it posted it), so the reader starts there and must move on.
  boost::json::object flood{{"count", -1}, {"retry_after", 1}};
  harness.sim().fault(SimHarness::kMainBotId, "flood", flood);
  const HttpResult got = harness.get(download);
  ASSERT_EQ(got.status, 200) << got.body.substr(0, 200);
  EXPECT_TRUE(got.complete);
  EXPECT_TRUE(got.body == read_file(file)) << "the body is not the file";
  EXPECT_GT(harness.sim().counters(kExtraBot).bytes_downloaded, 0);
  harness.sim().fault(SimHarness::kMainBotId, "clear");
}

TEST(StrictSimulator, AnAdminOutsideTheForcedChannelGetsTheirLink) {
  constexpr std::int64_t kChannel = -1002000000002;
  constexpr std::int64_t kAdmin = 700001;
  Scenario scenario(with_env(
      {{"FORCE_SUB_CHANNELS", std::to_string(kChannel)}, {"ADMINS", std::to_string(kAdmin)}}));
  SimHarness& harness = scenario.harness;
  harness.sim().create_channel(kChannel, "News", true);
  scenario.create_users({{kAdmin, "Ada"}});
  const auto file = harness.make_file("a.zip", 1000);
  const sim::SimMessage reply =
      scenario.send_counted(user_file(kAdmin, file, "document", "application/zip"), 1);
  EXPECT_FALSE(contains(reply.text, "Join required channels")) << reply.text;
  EXPECT_FALSE(link_path_in(reply.text, "/dl/").empty()) << reply.text;
  // Commands are not held either.
  const sim::SimMessage stats = scenario.say(kAdmin, "/stats", 2);
  EXPECT_FALSE(stats.text.empty()) << "no answer to /stats";
  EXPECT_FALSE(contains(stats.text, "Join required channels")) << stats.text;
}

}  // namespace
}  // namespace tglink::testing
