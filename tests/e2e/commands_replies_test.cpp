// End to end: the real tglink on the simulator answers /info, /stats (user and admin),
// /ping, /logs and /broadcast without a reply; a non-admin gets the refusal.
#include <chrono>
#include <thread>

#include <gtest/gtest.h>

#include "sim/control_client.hpp"
#include "support/bot_replies.hpp"
#include "support/sim_harness.hpp"

namespace tglink {
namespace {

using testing::SimHarness;
using testing::SimHarnessOptions;

constexpr std::int64_t kUser = 5550001;
constexpr std::int64_t kAdmin = 5550009;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class CommandsReplies : public ::testing::Test {
 protected:
  static SimHarnessOptions options() {
    SimHarnessOptions o;
    o.env["ADMINS"] = std::to_string(kAdmin);
    o.env["MAX_LINKS_PER_DAY"] = "4";
    return o;
  }

  CommandsReplies() {
    harness.sim().create_user(kUser, "Ann");
    harness.sim().create_user(kAdmin, "Boss");
  }

  std::string ask(std::int64_t user, const std::string& text) {
    return testing::ask(harness.sim(), user, text);
  }

  SimHarness harness{options()};
};

TEST_F(CommandsReplies, InfoForEveryone) {
  const std::string info = ask(kUser, "/info");
  for (const char* part : {"Users: 1", "Links made: 0", "Bandwidth this month", "Active streams: 0",
                           "Uptime: ", "Version: "}) {
    EXPECT_TRUE(contains(info, part)) << part << " in " << info;
  }
}

TEST_F(CommandsReplies, StatsForAUserAndForAnAdmin) {
  const std::string mine = ask(kUser, "/stats");
  EXPECT_TRUE(contains(mine, "Links made today: 0")) << mine;
  EXPECT_TRUE(contains(mine, "Remaining today: 4 of 4")) << mine;
  const std::string health = ask(kAdmin, "/stats");
  for (const char* part : {"Memory: RSS ", "of the machine", "Bot clients: 1 of 1 connected",
                           "Log buffer: ", "Cache on disk: "}) {
    EXPECT_TRUE(contains(health, part)) << part << " in " << health;
  }
}

TEST_F(CommandsReplies, PingAnswersWithTheRoundTrip) {
  EXPECT_EQ(ask(kUser, "/ping").substr(0, 5), "Pong!");
  std::string text;
  for (int i = 0; i < 100 && !contains(text, "Round trip"); ++i) {
    text = harness.sim().messages(kUser).back().text;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_TRUE(contains(text, "Pong! Round trip: ")) << text;
}

TEST_F(CommandsReplies, LogsForAdminsUsageForBadArgumentsRefusalForOthers) {
  EXPECT_TRUE(contains(ask(kUser, "/logs"), "for admins only"));
  EXPECT_TRUE(contains(ask(kAdmin, "/logs limit=0"), "Usage: /logs"));
  const std::string logs = ask(kAdmin, "/logs level=INFO limit=20");
  EXPECT_TRUE(contains(logs, "log records at INFO and above")) << logs;
  EXPECT_TRUE(contains(logs, "Chat:")) << logs;  // the chat side's start-up record
}

TEST_F(CommandsReplies, BroadcastWithoutAReplyAndFromANonAdmin) {
  EXPECT_TRUE(contains(ask(kAdmin, "/broadcast"), "Usage: reply to the message"));
  EXPECT_TRUE(contains(ask(kUser, "/broadcast"), "for admins only"));
}

}  // namespace
}  // namespace tglink
