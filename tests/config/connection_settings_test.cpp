// MAX_CONNECTIONS, WRITE_TIMEOUT, SELF_TEST_INTERVAL and DATABASE_WAIT: their defaults, and the
// bounds check-config refuses.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config_loader.hpp"
#include "config/config_summary.hpp"
#include "config_test_env.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using namespace tglink::testing;

TEST(ConnectionSettings, DefaultsLeaveTheLimitToTheOpenFileLimit) {
  const ConfigLoadResult result = load_bot(valid_bot_env());
  ASSERT_TRUE(result.ok()) << problem_text(result);
  EXPECT_EQ(result.config->max_connections, 0);
  EXPECT_EQ(result.config->write_timeout, std::chrono::seconds(300));
  EXPECT_THAT(summarize_config(*result.config), HasSubstr("from the open-file limit"));
}

TEST(ConnectionSettings, ValuesInsideTheBoundsAreTaken) {
  EnvMap env = valid_bot_env();
  env["MAX_CONNECTIONS"] = "12000";
  env["WRITE_TIMEOUT"] = "5";
  const ConfigLoadResult result = load_bot(env);
  ASSERT_TRUE(result.ok()) << problem_text(result);
  EXPECT_EQ(result.config->max_connections, 12000);
  EXPECT_EQ(result.config->write_timeout, std::chrono::seconds(5));
  EXPECT_THAT(summarize_config(*result.config), HasSubstr("12000"));
}

TEST(ConnectionSettings, ValuesOutsideTheBoundsAreRefusedByName) {
  for (const auto& [name, value] : std::vector<std::pair<std::string, std::string>>{
           {"MAX_CONNECTIONS", "0"},
           {"MAX_CONNECTIONS", "1000001"},
           {"MAX_CONNECTIONS", "many"},
           {"WRITE_TIMEOUT", "0"},
           {"WRITE_TIMEOUT", "3601"},
           {"WRITE_TIMEOUT", "1e308"},
       }) {
    const ConfigLoadResult result = load_bot_with(name, value);
    ASSERT_EQ(result.problems.size(), 1U) << name << "=" << value;
    EXPECT_EQ(result.problems[0].variable, name);
    EXPECT_THAT(problem_text(result), HasSubstr("\"" + value + "\" is not a number of"));
  }
}

TEST(DeploymentChecks, DefaultsAndZero) {
  const ConfigLoadResult defaults = load_bot(valid_bot_env());
  ASSERT_TRUE(defaults.ok()) << problem_text(defaults);
  EXPECT_EQ(defaults.config->self_test_interval, std::chrono::seconds(300));
  EXPECT_EQ(defaults.config->database_wait, std::chrono::seconds(60));
  EXPECT_THAT(summarize_config(*defaults.config), HasSubstr("300 s (and at start)"));
  EnvMap env = valid_bot_env();
  env["SELF_TEST_INTERVAL"] = "0";
  env["DATABASE_WAIT"] = "0";
  const ConfigLoadResult zero = load_bot(env);
  ASSERT_TRUE(zero.ok()) << problem_text(zero);
  EXPECT_EQ(zero.config->self_test_interval, std::chrono::seconds(0));
  EXPECT_EQ(zero.config->database_wait, std::chrono::seconds(0));
  EXPECT_THAT(summarize_config(*zero.config), HasSubstr("at start only"));
}

TEST(DeploymentChecks, ValuesOutsideTheBoundsAreRefusedByName) {
  for (const auto& [name, value] : std::vector<std::pair<std::string, std::string>>{
           {"SELF_TEST_INTERVAL", "-1"},
           {"SELF_TEST_INTERVAL", "86401"},
           {"SELF_TEST_INTERVAL", "5m"},
           {"DATABASE_WAIT", "3601"},
           {"DATABASE_WAIT", "soon"},
       }) {
    const ConfigLoadResult result = load_bot_with(name, value);
    ASSERT_EQ(result.problems.size(), 1U) << name << "=" << value;
    EXPECT_EQ(result.problems[0].variable, name);
    EXPECT_THAT(problem_text(result), HasSubstr("\"" + value + "\" is not a number of seconds"));
  }
}

}  // namespace
}  // namespace tglink
