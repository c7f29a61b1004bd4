#include "telegram/bot_settings.hpp"

#include <stdexcept>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config.hpp"
#include "telegram/tdlib_setup_requests.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

Config two_bot_config() {
  Config config;
  config.bot_token = "111:main-secret";
  config.additional_bot_tokens = {"222:extra-secret"};
  config.api_id = 4242;
  config.api_hash = "hash-secret";
  config.data_dir = "/var/lib/tglink";
  config.tdlib_network_none = true;
  return config;
}

std::string error_of(const Config& config) {
  try {
    static_cast<void>(bot_settings_from_config(config));
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(BotSettings, MainBotFirstThenAdditionalBotsInOrder) {
  const std::vector<BotSettings> bots = bot_settings_from_config(two_bot_config());
  ASSERT_EQ(bots.size(), 2u);
  EXPECT_EQ(bots[0].index, 0u);
  EXPECT_EQ(bots[0].bot_id, 111);
  EXPECT_EQ(bots[0].token, "111:main-secret");
  EXPECT_EQ(bots[1].index, 1u);
  EXPECT_EQ(bots[1].bot_id, 222);
  EXPECT_EQ(bots[1].api_id, 4242);
  EXPECT_EQ(bots[1].api_hash, "hash-secret");
  EXPECT_TRUE(bots[1].network_none);
}

TEST(BotSettings, EachBotHasItsOwnDataDirectoryNamedByBotId) {
  const std::vector<BotSettings> bots = bot_settings_from_config(two_bot_config());
  EXPECT_EQ(bots[0].data_directory, std::filesystem::path("/var/lib/tglink/tdlib/111"));
  EXPECT_EQ(bots[1].data_directory, std::filesystem::path("/var/lib/tglink/tdlib/222"));
}

TEST(BotSettings, MalformedTokenIsNamedBySettingNotByValue) {
  Config config = two_bot_config();
  config.additional_bot_tokens = {"222:ok", "not-a-token-secret"};
  const std::string error = error_of(config);
  EXPECT_THAT(error, HasSubstr("ADDITIONAL_BOT_TOKENS entry #2"));
  EXPECT_THAT(error, Not(HasSubstr("not-a-token-secret")));

  config.bot_token = "";
  EXPECT_THAT(error_of(config), HasSubstr("BOT_TOKEN"));
}

TEST(BotSettings, TwoTokensOfTheSameBotAreRefused) {
  Config config = two_bot_config();
  config.additional_bot_tokens = {"111:other-secret"};
  const std::string error = error_of(config);
  EXPECT_THAT(error, HasSubstr("ADDITIONAL_BOT_TOKENS entry #1"));
  EXPECT_THAT(error, Not(HasSubstr("other-secret")));
}

TEST(BotSettings, LabelsNameTheBotByPosition) {
  EXPECT_EQ(bot_label(0), "main bot");
  EXPECT_EQ(bot_label(3), "additional bot #3");
}

TEST(TdlibSetupRequests, ParametersFollowTheDesign) {
  const BotSettings bot = bot_settings_from_config(two_bot_config())[1];
  const boost::json::object request = tdlib_parameters_request(bot);
  EXPECT_EQ(request.at("@type"), "setTdlibParameters");
  EXPECT_EQ(request.at("database_directory"), "/var/lib/tglink/tdlib/222");
  EXPECT_EQ(request.at("files_directory"), "/var/lib/tglink/tdlib/222");
  EXPECT_EQ(request.at("use_file_database"), true);
  EXPECT_EQ(request.at("use_chat_info_database"), false);
  EXPECT_EQ(request.at("use_message_database"), false);
  EXPECT_EQ(request.at("api_id"), 4242);
  EXPECT_EQ(request.at("api_hash"), "hash-secret");
  EXPECT_EQ(request.at("system_language_code"), "en");
  EXPECT_EQ(request.at("device_model"), "tglink");
  EXPECT_FALSE(request.at("application_version").as_string().empty());
}

TEST(TdlibSetupRequests, OptionsAreTheThreeBooleans) {
  std::vector<std::string> names;
  for (const boost::json::object& option : option_requests()) {
    EXPECT_EQ(option.at("@type"), "setOption");
    EXPECT_EQ(option.at("value").at("@type"), "optionValueBoolean");
    EXPECT_EQ(option.at("value").at("value"), true);
    names.emplace_back(option.at("name").as_string());
  }
  EXPECT_THAT(names, ::testing::ElementsAre("ignore_file_names", "disable_network_statistics",
                                            "ignore_inline_thumbnails"));
}

TEST(TdlibSetupRequests, NetworkNoneAndToken) {
  EXPECT_EQ(network_none_request().at("type").at("@type"), "networkTypeNone");
  const BotSettings bot = bot_settings_from_config(two_bot_config())[0];
  EXPECT_EQ(bot_token_request(bot).at("token"), "111:main-secret");
}

}  // namespace
}  // namespace tglink
