#include "config/check_config_command.hpp"

#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config_test_env.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using namespace tglink::testing;

struct Output {
  int code = -1;
  std::string out;
  std::string err;
};

Output check(const EnvMap& env, const EnvMap& dotenv = {}, ConfigMode mode = ConfigMode::Bot) {
  std::ostringstream out;
  std::ostringstream err;
  const int code = run_check_config(env, dotenv, out, err, mode, test_defaults());
  return Output{code, out.str(), err.str()};
}

TEST(CheckConfig, ProblemsGoToStderrWithExitCode2) {
  EnvMap env = valid_bot_env();
  env["PORT"] = "abc";
  const Output output = check(env);
  EXPECT_EQ(output.code, 2);
  EXPECT_EQ(output.out, "");
  EXPECT_THAT(output.err, HasSubstr("PORT: \"abc\" is not a port number (1 to 65535)"));
}

TEST(CheckConfig, EmptyEnvironmentNamesEveryRequiredVariable) {
  const Output output = check({});
  EXPECT_EQ(output.code, 2);
  for (const char* name : {"BOT_TOKEN", "API_ID", "API_HASH", "LOG_CHANNEL"}) {
    EXPECT_THAT(output.err, HasSubstr(std::string(name) + ": not set")) << name;
  }
}

TEST(CheckConfig, ValidConfigurationPrintsTheEffectiveSettings) {
  EnvMap env = valid_bot_env();
  env["LINK_EXPIRY_DURATION"] = "off";
  const Output output = check(env, EnvMap{{"BASE_URL", "https://dl.example.com/"}});
  EXPECT_EQ(output.code, 0);
  EXPECT_EQ(output.err, "");
  EXPECT_THAT(output.out, HasSubstr("valid"));
  EXPECT_THAT(output.out, HasSubstr("https://dl.example.com\n"));
  EXPECT_THAT(output.out, HasSubstr("links never expire"));
  EXPECT_THAT(output.out, HasSubstr("/opt/td/libtdjson.so"));
}

TEST(CheckConfig, DemoModeNeedsNoTelegramSettings) {
  EXPECT_EQ(check({}, {}, ConfigMode::Demo).code, 0);
}

TEST(CheckConfig, TheDefaultBaseUrlIsValidButWarnedAbout) {
  const Output output = check(valid_bot_env());
  EXPECT_EQ(output.code, 0);
  EXPECT_THAT(output.out, HasSubstr("Warnings:"));
  EXPECT_THAT(output.out, HasSubstr("BASE_URL is http://localhost:8080: links built on it work "
                                    "only on this machine, and Telegram will not show buttons"));
}

TEST(CheckConfig, APublicBaseUrlHasNoWarning) {
  EnvMap env = valid_bot_env();
  env["BASE_URL"] = "https://files.example.com";
  const Output output = check(env);
  EXPECT_EQ(output.code, 0);
  EXPECT_THAT(output.out, ::testing::Not(HasSubstr("Warnings:")));
}

TEST(CheckConfig, TheDemoIsNotWarnedAboutLocalLinks) {
  const Output output = check({}, {}, ConfigMode::Demo);
  EXPECT_EQ(output.code, 0);
  EXPECT_THAT(output.out, ::testing::Not(HasSubstr("Warnings:")));
}

}  // namespace
}  // namespace tglink
