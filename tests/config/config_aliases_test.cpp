#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config_loader.hpp"
#include "config_test_env.hpp"

namespace tglink {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using namespace tglink::testing;

ConfigLoadResult load_with(const EnvMap& extra, const EnvMap& dotenv = {}) {
  return load_bot(valid_bot_env_with(extra), dotenv);
}

TEST(ConfigAliases, EitherNameSetsDailyLinks) {
  EXPECT_EQ(load_with({{"MAX_LINKS_PER_DAY", "7"}}).config->max_links_per_day, 7);
  EXPECT_EQ(load_with({{"USERS_DAILY_LIMIT", "8"}}).config->max_links_per_day, 8);
}

TEST(ConfigAliases, EitherNameSetsBandwidth) {
  EXPECT_DOUBLE_EQ(load_with({{"BANDWIDTH_LIMIT_GB", "100"}}).config->bandwidth_limit_gb, 100);
  EXPECT_DOUBLE_EQ(load_with({{"MONTHLY_BANDWIDTH_LIMIT_GB", "200"}}).config->bandwidth_limit_gb,
                   200);
}

TEST(ConfigAliases, EitherNameHoldsAChannelList) {
  EXPECT_THAT(load_with({{"FORCE_SUB_CHANNEL", "-1001111111111"}}).config->force_sub_channels,
              ElementsAre(-1001111111111));
  EXPECT_THAT(load_with({{"FORCE_SUB_CHANNELS", "-1001111111111, -1002222222222"}})
                  .config->force_sub_channels,
              ElementsAre(-1001111111111, -1002222222222));
  EXPECT_THAT(load_with({{"FORCE_SUB_CHANNEL", "-1001111111111,-1002222222222"}})
                  .config->force_sub_channels,
              ElementsAre(-1001111111111, -1002222222222));
  EXPECT_FALSE(load_with({}).config->force_subscribe_enabled());
}

TEST(ConfigAliases, SameValueUnderBothNamesIsFine) {
  const ConfigLoadResult result =
      load_with({{"MAX_LINKS_PER_DAY", "5"}, {"USERS_DAILY_LIMIT", "5"}});
  ASSERT_TRUE(result.ok()) << problem_text(result);
  EXPECT_EQ(result.config->max_links_per_day, 5);
}

struct AliasPair {
  const char* name;
  const char* alias;
  const char* first;
  const char* second;
};

class ConfigAliasConflict : public ::testing::TestWithParam<AliasPair> {};

TEST_P(ConfigAliasConflict, DifferentValuesNameBoth) {
  const AliasPair pair = GetParam();
  const ConfigLoadResult result = load_with({{pair.name, pair.first}, {pair.alias, pair.second}});
  ASSERT_EQ(result.problems.size(), 1u) << problem_text(result);
  EXPECT_EQ(result.problems[0].variable, pair.name);
  EXPECT_THAT(result.problems[0].message, HasSubstr(pair.name));
  EXPECT_THAT(result.problems[0].message, HasSubstr(pair.alias));
  EXPECT_THAT(result.problems[0].message, HasSubstr("set only one"));
}

INSTANTIATE_TEST_SUITE_P(
    EveryAlias, ConfigAliasConflict,
    ::testing::Values(AliasPair{"MAX_LINKS_PER_DAY", "USERS_DAILY_LIMIT", "5", "6"},
                      AliasPair{"BANDWIDTH_LIMIT_GB", "MONTHLY_BANDWIDTH_LIMIT_GB", "1", "2"},
                      AliasPair{"FORCE_SUB_CHANNEL", "FORCE_SUB_CHANNELS", "-1001111111111",
                                "-1002222222222"}),
    [](const ::testing::TestParamInfo<AliasPair>& info) { return std::string(info.param.alias); });

TEST(ConfigAliases, ConflictAcrossProcessAndDotenv) {
  const ConfigLoadResult result =
      load_with({{"USERS_DAILY_LIMIT", "5"}}, EnvMap{{"MAX_LINKS_PER_DAY", "9"}});
  ASSERT_EQ(result.problems.size(), 1u);
  EXPECT_THAT(result.problems[0].message, HasSubstr("USERS_DAILY_LIMIT"));
}

TEST(ConfigAliases, BadValueIsReportedUnderTheNameThatWasSet) {
  const ConfigLoadResult result = load_with({{"USERS_DAILY_LIMIT", "lots"}});
  ASSERT_EQ(result.problems.size(), 1u);
  EXPECT_EQ(result.problems[0].variable, "USERS_DAILY_LIMIT");
}

}  // namespace
}  // namespace tglink
