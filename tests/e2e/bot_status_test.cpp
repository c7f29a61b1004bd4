// Issue "TDLib simulator": tglink on the simulator reports the bot's real state in /api/info,
// follows the connection as it drops and comes back, and names a bot that is not an
// administrator of the log channel.
#include <thread>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "support/eventually.hpp"
#include "support/sim_harness.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;

TEST(BotStatus, ConnectedOnTheSimulatorWithTheBotsRealInfo) {
  SimHarness harness;
  const HttpResult info = harness.get("/api/info");
  ASSERT_EQ(info.status, 200) << info.body;
  const json::object body = json::parse(info.body).as_object();
  EXPECT_EQ(body.at("status"), "ok");
  EXPECT_EQ(body.at("bot_status"), "connected");
  const json::object& bot = body.at("bot_info").as_object();
  EXPECT_EQ(bot.at("id").as_int64(), SimHarness::kMainBotId);
  const std::string username = std::string(bot.at("username").as_string());
  EXPECT_FALSE(username.empty());
  EXPECT_EQ(bot.at("mention").as_string(), "@" + username);
  EXPECT_FALSE(bot.at("first_name").as_string().empty());
}

TEST(BotStatus, FollowsTheConnectionDownAndUp) {
  SimHarness harness;
  harness.sim().fault(SimHarness::kMainBotId, "disconnect");
  ASSERT_TRUE(harness.wait_for_api_status(500));
  const json::object down = json::parse(harness.get("/api/info").body).as_object();
  EXPECT_EQ(down.at("bot_status"), "disconnected");
  EXPECT_EQ(down.at("uptime"), "0s");

  harness.sim().fault(SimHarness::kMainBotId, "reconnect");
  ASSERT_TRUE(harness.wait_for_api_status(200));
  EXPECT_EQ(json::parse(harness.get("/api/info").body).at("bot_status"), "connected");
}

TEST(BotStatus, StartUpNamesABotThatIsNotAnAdministratorOfTheLogChannel) {
  SimHarnessOptions options;
  options.env["ADDITIONAL_BOT_TOKENS"] = "1000000002:SIMtoken_helper_bot_for_end_to_end";
  options.sim_config_json =
      R"({"ops":[{"op":"fault","kind":"not_admin","bot_id":1000000002,"chat_id":-1001000000001}]})";
  SimHarness harness{options};
  std::string output;
  (void)eventually([&] {
    output = harness.process().output();
    return output.find("is not an administrator of LOG_CHANNEL") != std::string::npos;
  });
  const std::size_t line_start = output.rfind('\n', output.find("is not an administrator"));
  const std::string line =
      output.substr(line_start + 1, output.find('\n', line_start + 1) - line_start);
  EXPECT_NE(line.find("additional bot #1 (@"), std::string::npos) << output;
  EXPECT_NE(line.find("Add Admin"), std::string::npos) << "the message says what to do: " << line;
  EXPECT_NE(output.find("main bot (@sim1000000001_bot) is an administrator"), std::string::npos)
      << output;
  EXPECT_EQ(line.find("main bot"), std::string::npos) << "the main bot is an admin: " << line;
}

}  // namespace
}  // namespace tglink::testing
