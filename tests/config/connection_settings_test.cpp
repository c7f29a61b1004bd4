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

// `name` set to each of `values` is refused with one problem, under that name, that quotes the
// value followed by `says`.
void expect_refused(const std::string& name, std::initializer_list<std::string> values,
                    const std::string& says) {
  for (const std::string& value : values) {
    const ConfigLoadResult result = load_bot_with(name, value);
    ASSERT_EQ(result.problems.size(), 1U) << name << "=" << value;
    EXPECT_EQ(result.problems[0].variable, name);
    EXPECT_THAT(problem_text(result), HasSubstr("\"" + value + "\" " + says));
  }
}

TEST(ConnectionSettings, DefaultsLeaveTheLimitToTheOpenFileLimit) {
  const Config config = must_load(valid_bot_env());
  EXPECT_EQ(config.max_connections, 0);
  EXPECT_EQ(config.write_timeout, std::chrono::seconds(300));
  EXPECT_THAT(summarize_config(config), HasSubstr("from the open-file limit"));
}

TEST(ConnectionSettings, ValuesInsideTheBoundsAreTaken) {
  const Config config =
      must_load(valid_bot_env_with({{"MAX_CONNECTIONS", "12000"}, {"WRITE_TIMEOUT", "5"}}));
  EXPECT_EQ(config.max_connections, 12000);
  EXPECT_EQ(config.write_timeout, std::chrono::seconds(5));
  EXPECT_THAT(summarize_config(config), HasSubstr("12000"));
}

TEST(ConnectionSettings, ValuesOutsideTheBoundsAreRefusedByName) {
  expect_refused("MAX_CONNECTIONS", {"0", "1000001", "many"}, "is not a number of");
  expect_refused("WRITE_TIMEOUT", {"0", "3601", "1e308"}, "is not a number of");
}

TEST(DeploymentChecks, DefaultsAndZero) {
  const Config defaults = must_load(valid_bot_env());
  EXPECT_EQ(defaults.self_test_interval, std::chrono::seconds(300));
  EXPECT_EQ(defaults.database_wait, std::chrono::seconds(60));
  EXPECT_THAT(summarize_config(defaults), HasSubstr("300 s (and at start)"));
  const Config zero =
      must_load(valid_bot_env_with({{"SELF_TEST_INTERVAL", "0"}, {"DATABASE_WAIT", "0"}}));
  EXPECT_EQ(zero.self_test_interval, std::chrono::seconds(0));
  EXPECT_EQ(zero.database_wait, std::chrono::seconds(0));
  EXPECT_THAT(summarize_config(zero), HasSubstr("at start only"));
}

TEST(DeploymentChecks, ValuesOutsideTheBoundsAreRefusedByName) {
  expect_refused("SELF_TEST_INTERVAL", {"-1", "86401", "5m"}, "is not a number of seconds");
  expect_refused("DATABASE_WAIT", {"3601", "soon"}, "is not a number of seconds");
}

}  // namespace
}  // namespace tglink
