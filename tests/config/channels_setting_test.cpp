// CHANNELS: the channels whose posts get links (channel mode), validated like FORCE_SUB_CHANNELS.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config.hpp"
#include "config/config_summary.hpp"
#include "config_test_env.hpp"

namespace tglink {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::load_bot;
using testing::problem_text;
using testing::valid_bot_env;

TEST(ChannelsSetting, UnsetIsChannelModeOff) {
  const ConfigLoadResult result = load_bot(valid_bot_env());
  ASSERT_TRUE(result.config.has_value());
  EXPECT_FALSE(result.config->channel_mode_enabled());
  EXPECT_FALSE(result.config->serves_channel(-1001111111111));
}

TEST(ChannelsSetting, AListServesThoseChannelsOnly) {
  EnvMap env = valid_bot_env();
  env["CHANNELS"] = "-1001111111111, -1009876543210";
  const ConfigLoadResult result = load_bot(env);
  ASSERT_TRUE(result.config.has_value()) << problem_text(result);
  EXPECT_THAT(result.config->channels, ElementsAre(-1001111111111, -1009876543210));
  EXPECT_TRUE(result.config->channel_mode_enabled());
  EXPECT_TRUE(result.config->serves_channel(-1009876543210));
  EXPECT_FALSE(result.config->serves_channel(-1005555555555));
}

TEST(ChannelsSetting, StarServesAnyChannelButTheLogChannel) {
  EnvMap env = valid_bot_env();
  env["CHANNELS"] = " * ";
  const ConfigLoadResult result = load_bot(env);
  ASSERT_TRUE(result.config.has_value()) << problem_text(result);
  EXPECT_TRUE(result.config->any_channel);
  EXPECT_TRUE(result.config->serves_channel(-1005555555555));
  EXPECT_FALSE(result.config->serves_channel(result.config->log_channel));
}

TEST(ChannelsSetting, BadIdsAndTheLogChannelAreNamedWithTheSetting) {
  EnvMap env = valid_bot_env();
  env["CHANNELS"] = "12345,abc," + env["LOG_CHANNEL"];
  const ConfigLoadResult result = load_bot(env);
  EXPECT_FALSE(result.config.has_value());
  const std::string problems = problem_text(result);
  EXPECT_THAT(problems, HasSubstr("CHANNELS"));
  EXPECT_THAT(problems, HasSubstr("\"12345\""));
  EXPECT_THAT(problems, HasSubstr("\"abc\""));
  EXPECT_THAT(problems, HasSubstr("lists LOG_CHANNEL"));
}

TEST(ChannelsSetting, DefaultFileSizeIsTelegramsPremiumLimit) {
  const ConfigLoadResult result = load_bot(valid_bot_env());
  ASSERT_TRUE(result.config.has_value());
  EXPECT_EQ(result.config->max_file_size, std::int64_t{4000} * 1024 * 1024);
}

TEST(ChannelsSetting, TheSummaryShowsIt) {
  EnvMap env = valid_bot_env();
  env["CHANNELS"] = "*";
  const ConfigLoadResult result = load_bot(env);
  ASSERT_TRUE(result.config.has_value());
  EXPECT_THAT(summarize_config(*result.config), HasSubstr("CHANNELS"));
}

}  // namespace
}  // namespace tglink
