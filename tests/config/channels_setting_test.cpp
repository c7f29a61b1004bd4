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
using namespace tglink::testing;

TEST(ChannelsSetting, UnsetIsChannelModeOff) {
  const Config config = must_load(valid_bot_env());
  EXPECT_FALSE(config.channel_mode_enabled());
  EXPECT_FALSE(config.serves_channel(-1001111111111));
}

TEST(ChannelsSetting, AListServesThoseChannelsOnly) {
  const Config config =
      must_load(valid_bot_env_with({{"CHANNELS", "-1001111111111, -1009876543210"}}));
  EXPECT_THAT(config.channels, ElementsAre(-1001111111111, -1009876543210));
  EXPECT_TRUE(config.channel_mode_enabled());
  EXPECT_TRUE(config.serves_channel(-1009876543210));
  EXPECT_FALSE(config.serves_channel(-1005555555555));
}

TEST(ChannelsSetting, StarServesAnyChannelButTheLogChannel) {
  const Config config = must_load(valid_bot_env_with({{"CHANNELS", " * "}}));
  EXPECT_TRUE(config.any_channel);
  EXPECT_TRUE(config.serves_channel(-1005555555555));
  EXPECT_FALSE(config.serves_channel(config.log_channel));
}

TEST(ChannelsSetting, BadIdsAndTheLogChannelAreNamedWithTheSetting) {
  EnvMap env = valid_bot_env();
  env["CHANNELS"] = "12345,abc," + env["LOG_CHANNEL"];
  const ConfigLoadResult result = load_bot(env);
  EXPECT_FALSE(result.config.has_value());
  expect_mentions(problem_text(result), {"CHANNELS", "\"12345\"", "\"abc\"", "lists LOG_CHANNEL"});
}

TEST(ChannelsSetting, DefaultFileSizeIsTelegramsPremiumLimit) {
  EXPECT_EQ(must_load(valid_bot_env()).max_file_size, std::int64_t{4000} * 1024 * 1024);
}

TEST(ChannelsSetting, TheSummaryShowsIt) {
  EXPECT_THAT(summarize_config(must_load(valid_bot_env_with({{"CHANNELS", "*"}}))),
              HasSubstr("CHANNELS"));
}

}  // namespace
}  // namespace tglink
