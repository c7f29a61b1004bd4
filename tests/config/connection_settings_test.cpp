// MAX_CONNECTIONS and WRITE_TIMEOUT (issue 13): their defaults, and the bounds check-config
// refuses.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config_loader.hpp"
#include "config/config_summary.hpp"
#include "config_test_env.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using namespace tglink::testing;

ConfigLoadResult load_with(const std::string& name, const std::string& value) {
  EnvMap env = valid_bot_env();
  env[name] = value;
  return load_bot(env);
}

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
    const ConfigLoadResult result = load_with(name, value);
    ASSERT_EQ(result.problems.size(), 1U) << name << "=" << value;
    EXPECT_EQ(result.problems[0].variable, name);
    EXPECT_THAT(problem_text(result), HasSubstr("\"" + value + "\" is not a number of"));
  }
}

}  // namespace
}  // namespace tglink
