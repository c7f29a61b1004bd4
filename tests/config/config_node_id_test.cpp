// NODE_ID: this node's name among several; by default the host name and the port, so two nodes
// on one machine differ.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config_loader.hpp"
#include "config/config_summary.hpp"
#include "config_test_env.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using namespace tglink::testing;

ConfigLoadResult load_on_host(const EnvMap& env, const std::string& host) {
  ConfigDefaults defaults = test_defaults();
  defaults.host_name = host;
  return load_config(env, {}, ConfigMode::Bot, defaults);
}

TEST(ConfigNodeId, DefaultsToHostNameAndPort) {
  const ConfigLoadResult result = load_on_host(valid_bot_env_with({{"PORT", "9001"}}), "edge-host");
  ASSERT_TRUE(result.ok()) << problem_text(result);
  EXPECT_EQ(result.config->node_id, "edge-host:9001");
  EXPECT_THAT(summarize_config(*result.config), HasSubstr("edge-host:9001"));
}

TEST(ConfigNodeId, AnUnusableHostNameFallsBackToTglink) {
  const ConfigLoadResult result = load_on_host(valid_bot_env(), "");
  ASSERT_TRUE(result.ok()) << problem_text(result);
  EXPECT_EQ(result.config->node_id, "tglink:8080");
}

TEST(ConfigNodeId, IsTakenAsGiven) {
  const ConfigLoadResult result =
      load_on_host(valid_bot_env_with({{"NODE_ID", "eu-west_1.a:2"}}), "edge-host");
  ASSERT_TRUE(result.ok()) << problem_text(result);
  EXPECT_EQ(result.config->node_id, "eu-west_1.a:2");
}

TEST(ConfigNodeId, OddCharactersAndOverlongIdsAreRefused) {
  for (const std::string& bad :
       {std::string("edge 1"), std::string("edge/1"), std::string(65, 'n')}) {
    const ConfigLoadResult result =
        load_on_host(valid_bot_env_with({{"NODE_ID", bad}}), "edge-host");
    ASSERT_FALSE(result.ok()) << bad;
    EXPECT_THAT(problem_text(result), HasSubstr("NODE_ID: \"" + bad + "\" is not a node id"));
  }
}

}  // namespace
}  // namespace tglink
