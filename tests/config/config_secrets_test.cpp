#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/check_config_command.hpp"
#include "config/config_loader.hpp"
#include "config/config_summary.hpp"
#include "config_test_env.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace tglink::testing;

// Bad values for every secret, each carrying a marker that must never be printed.
EnvMap env_with_bad_secrets() {
  EnvMap env = valid_bot_env();
  env["BOT_TOKEN"] = "999:LEAKMARKER1";
  env["API_HASH"] = "LEAKMARKER2";
  env["SECRET_KEY"] = "LEAKMARKER3";
  const std::string valid(kValidBotToken);
  env["ADDITIONAL_BOT_TOKENS"] = "LEAKMARKER4,123:LEAKMARKER5," + valid + "," + valid;
  return env;
}

TEST(ConfigSecrets, ProblemsNeverEchoSecretValues) {
  const ConfigLoadResult result = load_bot(env_with_bad_secrets());
  ASSERT_EQ(result.problems.size(), 6u) << problem_text(result);
  const std::string text = format_problems(result.problems);
  // The markers, and the valid token that ADDITIONAL_BOT_TOKENS repeats.
  expect_never_mentions(text, {"LEAKMARKER", "AAEhBP0av28wQLnrZ4Zpsjpx"});
  expect_mentions(text,
                  {"BOT_TOKEN: not a bot token", "API_HASH: not an application hash",
                   "SECRET_KEY: too short", "ADDITIONAL_BOT_TOKENS: entry 2 is not a bot token",
                   "ADDITIONAL_BOT_TOKENS: entry 4 repeats"});
}

TEST(ConfigSecrets, SecretsInDotenvAreNotEchoedEither) {
  const ConfigLoadResult result = load_bot({}, env_with_bad_secrets());
  EXPECT_THAT(problem_text(result), Not(HasSubstr("LEAKMARKER")));
}

TEST(ConfigSecrets, CheckConfigNeverPrintsSecretValues) {
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(
      run_check_config(env_with_bad_secrets(), {}, out, err, ConfigMode::Bot, test_defaults()), 2);
  EXPECT_THAT(out.str() + err.str(), Not(HasSubstr("LEAKMARKER")));
}

TEST(ConfigSecrets, SummaryMasksValidSecrets) {
  const std::string summary = summarize_config(must_load(valid_bot_env_with(
      {{"SECRET_KEY", "a-long-signing-key-LEAKMARKER6"},
       {"ADDITIONAL_BOT_TOKENS", "222:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBLEAKMARKER7"}})));
  expect_never_mentions(
      summary, {"LEAKMARKER", "AAEhBP0av28wQLnrZ4Zpsjpx", "0123456789abcdef0123456789abcdef"});
  EXPECT_THAT(summary, HasSubstr("123456789:***"));
  EXPECT_THAT(summary, HasSubstr("222:***"));
}

}  // namespace
}  // namespace tglink
