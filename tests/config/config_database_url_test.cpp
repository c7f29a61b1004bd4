// DATABASE_URL: selects PostgreSQL, is checked before anything connects, needs a shared
// SECRET_KEY, and never shows its password.

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

constexpr const char* kUrl = "postgresql://tglink:Pw-LEAKMARKER@db.example.com:5432/tglink";

EnvMap env_with_database(const std::string& url) {
  EnvMap env = valid_bot_env();
  env["DATABASE_URL"] = url;
  env["SECRET_KEY"] = "a-shared-signing-key-for-all-nodes";
  return env;
}

TEST(ConfigDatabaseUrl, UnsetMeansSqliteInDataDir) {
  const ConfigLoadResult result = load_bot(valid_bot_env());
  ASSERT_TRUE(result.ok()) << problem_text(result);
  EXPECT_FALSE(result.config->uses_postgres());
  EXPECT_THAT(summarize_config(*result.config), HasSubstr("not set (SQLite in DATA_DIR)"));
}

TEST(ConfigDatabaseUrl, BothSchemesSelectPostgres) {
  for (const std::string& url : {std::string(kUrl), std::string("postgres://u:p@db/links")}) {
    const ConfigLoadResult result = load_bot(env_with_database(url));
    ASSERT_TRUE(result.ok()) << problem_text(result);
    EXPECT_TRUE(result.config->uses_postgres());
    EXPECT_EQ(result.config->database_url, url);
  }
}

TEST(ConfigDatabaseUrl, SummaryMasksThePassword) {
  const ConfigLoadResult result = load_bot(env_with_database(kUrl));
  ASSERT_TRUE(result.ok()) << problem_text(result);
  const std::string summary = summarize_config(*result.config);
  EXPECT_THAT(summary, HasSubstr("postgresql://tglink:***@db.example.com:5432/tglink"));
  EXPECT_THAT(summary, Not(HasSubstr("LEAKMARKER")));
}

TEST(ConfigDatabaseUrl, GeneratedSecretKeyIsRefusedWithTheReason) {
  EnvMap env = env_with_database(kUrl);
  env.erase("SECRET_KEY");
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(run_check_config(env, {}, out, err, ConfigMode::Bot, test_defaults()), 2);
  EXPECT_THAT(err.str(), HasSubstr("SECRET_KEY: must be set when DATABASE_URL is"));
  EXPECT_THAT(err.str(), HasSubstr("same key"));
  EXPECT_THAT(out.str() + err.str(), Not(HasSubstr("LEAKMARKER")));
}

TEST(ConfigDatabaseUrl, BadUrlsAreExplainedWithoutThePassword) {
  const std::pair<std::string, std::string> cases[] = {
      {"mysql://tglink:Pw-LEAKMARKER@db/tglink", "must start with postgresql://"},
      {"postgresql://tglink:Pw-LEAKMARKER@db:54x/tglink", "port"},
      {"postgresql://tglink:Pw-LEAKMARKER@/tglink", "no host"},
      {"postgresql://tglink:Pw%zzLEAKMARKER@db/tglink", "percent"},
  };
  for (const auto& [url, reason] : cases) {
    const ConfigLoadResult result = load_bot(env_with_database(url));
    ASSERT_FALSE(result.ok()) << url;
    const std::string text = problem_text(result);
    EXPECT_THAT(text, HasSubstr("DATABASE_URL:")) << url;
    EXPECT_THAT(text, HasSubstr(reason)) << url;
    EXPECT_THAT(text, Not(HasSubstr("LEAKMARKER"))) << url;
  }
}

}  // namespace
}  // namespace tglink
