// METRICS_TOKEN and METRICS_ADDRESS: off by default; bad values named, the token never echoed.
#include "config/metrics_settings.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config_summary.hpp"
#include "config_test_env.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace tglink::testing;

TEST(MetricsSettingsTest, OffByDefault) {
  const Config config = must_load(valid_bot_env());
  EXPECT_EQ(config.metrics_token, "");
  EXPECT_FALSE(config.metrics_listener_enabled());
}

TEST(MetricsSettingsTest, TakesATokenAndAnAddress) {
  const Config config = must_load(valid_bot_env_with(
      {{"METRICS_TOKEN", "abcdefghijklmnop-0123"}, {"METRICS_ADDRESS", "127.0.0.1:9090"}}));
  EXPECT_EQ(config.metrics_token, "abcdefghijklmnop-0123");
  EXPECT_EQ(config.metrics_host, "127.0.0.1");
  EXPECT_EQ(config.metrics_port, 9090);
  const std::string summary = summarize_config(config);
  EXPECT_THAT(summary, Not(HasSubstr("abcdefghijklmnop")));
  EXPECT_THAT(summary, HasSubstr("127.0.0.1 port 9090"));
  EXPECT_EQ(must_load(valid_bot_env_with({{"METRICS_ADDRESS", "[::1]:9100"}})).metrics_host, "::1");
}

TEST(MetricsSettingsTest, AShortOrOddTokenIsRefusedWithoutEchoingIt) {
  for (const std::string token : {"short", "has spaces in this token", "quote\"in-the-token-x"}) {
    const ConfigLoadResult result = load_bot_with("METRICS_TOKEN", token);
    ASSERT_FALSE(result.ok()) << token;
    EXPECT_THAT(problem_text(result), HasSubstr("METRICS_TOKEN"));
    EXPECT_THAT(problem_text(result), Not(HasSubstr(token)));
  }
}

TEST(MetricsSettingsTest, BadAddressesAreNamed) {
  for (const std::string address : {"9090", "localhost:9090", "127.0.0.1:0", "127.0.0.1:70000",
                                    "::1:9090", "127.0.0.1:", "[::1]"}) {
    const ConfigLoadResult result = load_bot_with("METRICS_ADDRESS", address);
    ASSERT_FALSE(result.ok()) << address;
    EXPECT_THAT(problem_text(result), HasSubstr("METRICS_ADDRESS")) << address;
  }
}

TEST(MetricsSettingsTest, TheMainPortIsRefused) {
  const ConfigLoadResult result =
      load_bot(valid_bot_env_with({{"PORT", "8080"}, {"METRICS_ADDRESS", "127.0.0.1:8080"}}));
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(problem_text(result), HasSubstr("which is PORT"));
}

}  // namespace
}  // namespace tglink
