// End to end: the real tglink on the simulator answers /info, /stats (user and admin),
// /ping, /logs and /broadcast without a reply; a non-admin gets the refusal.
#include <gtest/gtest.h>

#include "support/scenario.hpp"

namespace tglink::testing {
namespace {

constexpr std::int64_t kCommandUser = 5550001;
constexpr std::int64_t kCommandAdmin = 5550009;

class CommandsReplies : public ScenarioTest {
 protected:
  CommandsReplies()
      : ScenarioTest(
            with_env({{"ADMINS", std::to_string(kCommandAdmin)}, {"MAX_LINKS_PER_DAY", "4"}}),
            {{kCommandUser, "Ann"}, {kCommandAdmin, "Boss"}}) {}
};

TEST_F(CommandsReplies, InfoForEveryone) {
  const std::string info = ask(kCommandUser, "/info");
  for (const char* part : {"Users: 1", "Links made: 0", "Bandwidth this month", "Active streams: 0",
                           "Uptime: ", "Version: "}) {
    EXPECT_TRUE(contains(info, part)) << part << " in " << info;
  }
}

TEST_F(CommandsReplies, StatsForAUserAndForAnAdmin) {
  const std::string mine = ask(kCommandUser, "/stats");
  EXPECT_TRUE(contains(mine, "Links made today: 0")) << mine;
  EXPECT_TRUE(contains(mine, "Remaining today: 4 of 4")) << mine;
  const std::string health = ask(kCommandAdmin, "/stats");
  for (const char* part : {"Memory: RSS ", "of the machine", "Bot clients: 1 of 1 connected",
                           "Log buffer: ", "Cache on disk: "}) {
    EXPECT_TRUE(contains(health, part)) << part << " in " << health;
  }
}

TEST_F(CommandsReplies, PingAnswersWithTheRoundTrip) {
  EXPECT_EQ(ask(kCommandUser, "/ping").substr(0, 5), "Pong!");
  // The answer is edited to add the round trip once Telegram confirmed it.
  std::string text;
  (void)eventually([&] {
    text = sim().messages(kCommandUser).back().text;
    return contains(text, "Round trip");
  });
  EXPECT_TRUE(contains(text, "Pong! Round trip: ")) << text;
}

TEST_F(CommandsReplies, LogsForAdminsUsageForBadArgumentsRefusalForOthers) {
  EXPECT_TRUE(contains(ask(kCommandUser, "/logs"), "for admins only"));
  EXPECT_TRUE(contains(ask(kCommandAdmin, "/logs limit=0"), "Usage: /logs"));
  const std::string logs = ask(kCommandAdmin, "/logs level=INFO limit=20");
  EXPECT_TRUE(contains(logs, "log records at INFO and above")) << logs;
  EXPECT_TRUE(contains(logs, "Chat:")) << logs;  // the chat side's start-up record
}

TEST_F(CommandsReplies, BroadcastWithoutAReplyAndFromANonAdmin) {
  EXPECT_TRUE(contains(ask(kCommandAdmin, "/broadcast"), "Usage: reply to the message"));
  EXPECT_TRUE(contains(ask(kCommandUser, "/broadcast"), "for admins only"));
}

}  // namespace
}  // namespace tglink::testing
