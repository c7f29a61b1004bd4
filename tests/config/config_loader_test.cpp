#include "config/config_loader.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/value_parsers.hpp"
#include "config_test_env.hpp"

namespace tglink {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using namespace tglink::testing;

EnvMap with(EnvMap env, const std::string& name, const std::string& value) {
  env.insert_or_assign(name, value);
  return env;
}

std::vector<std::string> variables(const ConfigLoadResult& result) {
  std::vector<std::string> names;
  for (const ConfigProblem& problem : result.problems) {
    names.push_back(problem.variable);
  }
  return names;
}

TEST(LoadConfig, ValidMinimalEnvironmentGivesDefaults) {
  const Config config = must_load(valid_bot_env());
  EXPECT_EQ(config.bot_token, kValidBotToken);
  EXPECT_EQ(config.api_id, 1234567);
  EXPECT_EQ(config.log_channel, -1001234567890);
  EXPECT_EQ(config.port, 8080);
  EXPECT_EQ(config.base_url, "http://localhost:8080");
  EXPECT_EQ(config.link_expiry, std::chrono::seconds(86400));
  EXPECT_EQ(config.dashboard_link_ttl, std::chrono::minutes(15));
  EXPECT_TRUE(config.video_frontend_enabled);
  EXPECT_EQ(config.tdjson_path, "/opt/td/libtdjson.so");
  EXPECT_FALSE(config.tdlib_network_none);
  EXPECT_EQ(config.log_level, "INFO");
}

TEST(LoadConfig, EmptyEnvironmentListsEveryRequiredVariable) {
  const ConfigLoadResult result = load_bot({});
  EXPECT_FALSE(result.ok());
  EXPECT_THAT(variables(result), ElementsAre("BOT_TOKEN", "API_ID", "API_HASH", "LOG_CHANNEL"));
  for (const ConfigProblem& problem : result.problems) {
    EXPECT_THAT(problem.message, HasSubstr("not set"));
    EXPECT_THAT(problem.example, HasSubstr(problem.variable + "="));
  }
}

TEST(LoadConfig, PortAbcNamesPort) {
  const ConfigLoadResult result = load_bot(with(valid_bot_env(), "PORT", "abc"));
  ASSERT_EQ(result.problems.size(), 1u);
  EXPECT_EQ(result.problems[0].describe(),
            "PORT: \"abc\" is not a port number (1 to 65535); example: PORT=8080");
}

TEST(LoadConfig, EveryProblemIsGatheredAtOnce) {
  const ConfigLoadResult result =
      load_bot(valid_bot_env_with({{"PORT", "0"}, {"API_ID", "x"}, {"LOG_LEVEL", "loud"}}));
  EXPECT_THAT(variables(result), ElementsAre("API_ID", "PORT", "LOG_LEVEL"));
  EXPECT_FALSE(result.config.has_value());
}

struct BadValue {
  const char* name;
  const char* value;
  const char* expected_in_message;
};

class LoadConfigBadValue : public ::testing::TestWithParam<BadValue> {};

TEST_P(LoadConfigBadValue, IsReportedUnderItsNameWithAnExample) {
  const BadValue bad = GetParam();
  const ConfigLoadResult result = load_bot(with(valid_bot_env(), bad.name, bad.value));
  ASSERT_EQ(result.problems.size(), 1u) << problem_text(result);
  const ConfigProblem& problem = result.problems[0];
  EXPECT_EQ(problem.variable, bad.name);
  EXPECT_THAT(problem.message, HasSubstr(bad.expected_in_message));
  EXPECT_THAT(problem.example, HasSubstr(std::string(bad.name) + "="));
}

INSTANTIATE_TEST_SUITE_P(
    EveryKind, LoadConfigBadValue,
    ::testing::Values(
        BadValue{"BOT_TOKEN", "12345", "not a bot token"},
        BadValue{"API_ID", "-4", "\"-4\" is not an application id"},
        BadValue{"API_ID", "99999999999", "is not an application id"},
        BadValue{"API_HASH", "xyz", "not an application hash"},
        BadValue{"LOG_CHANNEL", "12345", "\"12345\" is not a channel id"},
        BadValue{"LOG_CHANNEL", "channel", "is not a channel id"},
        BadValue{"ADDITIONAL_BOT_TOKENS", "nope", "entry 1 is not a bot token"},
        BadValue{"ADDITIONAL_BOT_TOKENS", kValidBotToken, "entry 1 repeats BOT_TOKEN"},
        BadValue{"ADMINS", "12,abc", "\"abc\" is not a Telegram user id"},
        BadValue{"ADMINS", "-5", "\"-5\" is not a Telegram user id"},
        BadValue{"BASE_URL", "files.example.com", "is not an http(s) address"},
        BadValue{"BASE_URL", "https://x.example/?a=1", "is not an http(s) address"},
        BadValue{"PORT", "65536", "is not a port number"},
        BadValue{"PORT", "-1", "is not a port number"},
        BadValue{"BIND_ADDRESS", "localhost", "\"localhost\" is not an IP address"},
        BadValue{"TRUSTED_PROXIES", "10.0.0.0/8,nope", "\"nope\" is not an IP address"},
        BadValue{"RATE_LIMIT_PER_MINUTE", "0", "is not a number of requests per minute"},
        BadValue{"RATE_LIMIT_BURST", "lots", "is not a number of requests"},
        BadValue{"VIDEO_FRONTEND_URL", "player.example", "neither an http(s) address"},
        BadValue{"FORCE_SUB_CHANNEL", "-100", "\"-100\" is not a channel id"},
        BadValue{"FORCE_SUB_CHANNELS", "@mychannel", "is not a channel id"},
        BadValue{"MAX_LINKS_PER_DAY", "-1", "is not a number of links per day"},
        BadValue{"USERS_DAILY_LIMIT", "ten", "is not a number of links per day"},
        BadValue{"BANDWIDTH_LIMIT_GB", "-3", "is not a number of gigabytes"},
        BadValue{"MONTHLY_BANDWIDTH_LIMIT_GB", "1TB", "is not a number of gigabytes"},
        BadValue{"LINK_EXPIRY_DURATION", "forever", "is not a duration"},
        BadValue{"LINK_EXPIRY_DURATION", "-60", "is not a duration"},
        BadValue{"MAX_FILE_SIZE", "2GB", "is not a size in bytes"},
        BadValue{"CACHE_MAX_GB", "big", "is not a number of gigabytes"},
        BadValue{"CACHE_MAX_GB", "0", "no room"},
        BadValue{"USER_FILES_PER_MINUTE", "0", "is not a number of files per minute"},
        BadValue{"SECRET_KEY", "short", "too short"},
        BadValue{"TDLIB_NETWORK", "offline", "is not a network mode"},
        BadValue{"LOG_LEVEL", "verbose", "is not a log level"},
        // Every numeric setting has an upper bound, named in the message.
        BadValue{"BANDWIDTH_LIMIT_GB", "1e308", "is not a number of gigabytes (0 to 1000000)"},
        BadValue{"BANDWIDTH_LIMIT_GB", "1000000.5", "(0 to 1000000)"},
        BadValue{"CACHE_MAX_GB", "1e7", "is not a number of gigabytes (0 to 1000000)"},
        BadValue{"RATE_LIMIT_PER_MINUTE", "1000001", "(1 to 1000000)"},
        BadValue{"RATE_LIMIT_BURST", "100001", "is not a number of requests (1 to 100000)"},
        BadValue{"MAX_LINKS_PER_DAY", "1000001", "(0 to 1000000)"},
        BadValue{"MAX_FILE_SIZE", "4194304001", "is not a size in bytes (1 to 4194304000)"},
        BadValue{"USER_FILES_PER_MINUTE", "10001", "(1 to 10000)"},
        BadValue{"BROADCAST_MESSAGES_PER_SECOND", "1001", "(1 to 1000)"},
        BadValue{"LINK_EXPIRY_DURATION", "3651d", "at most 315360000 s"},
        BadValue{"LINK_EXPIRY_DURATION", "99999999999999999", "is not a duration"},
        BadValue{"DASHBOARD_LINK_TTL", "59", "is not a duration from 60 s to 24 h"},
        BadValue{"DASHBOARD_LINK_TTL", "25h", "is not a duration from 60 s to 24 h"},
        BadValue{"DASHBOARD_LINK_TTL", "soon", "is not a duration from 60 s to 24 h"},
        BadValue{"ADMINS", "1099511627776", "is not a Telegram user id (1 to 1099511627775)"}),
    [](const ::testing::TestParamInfo<BadValue>& info) {
      return std::string(info.param.name) + "_" + std::to_string(info.index);
    });

TEST(LoadConfig, EveryUpperBoundItselfIsAccepted) {
  const Config config = must_load(valid_bot_env_with({{"BANDWIDTH_LIMIT_GB", "1000000"},
                                                      {"CACHE_MAX_GB", "1000000"},
                                                      {"RATE_LIMIT_PER_MINUTE", "1000000"},
                                                      {"RATE_LIMIT_BURST", "100000"},
                                                      {"MAX_LINKS_PER_DAY", "1000000"},
                                                      {"MAX_FILE_SIZE", "4194304000"},
                                                      {"USER_FILES_PER_MINUTE", "10000"},
                                                      {"BROADCAST_MESSAGES_PER_SECOND", "1000"},
                                                      {"LINK_EXPIRY_DURATION", "3650d"},
                                                      {"DASHBOARD_LINK_TTL", "24h"},
                                                      {"ADMINS", "1099511627775"}}));
  EXPECT_EQ(config.bandwidth_limit_gb, 1'000'000);
  EXPECT_EQ(config.max_file_size, 4'194'304'000);
  EXPECT_EQ(config.link_expiry, std::chrono::seconds(315'360'000));
  EXPECT_EQ(config.dashboard_link_ttl, std::chrono::hours(24));
  EXPECT_THAT(config.admins, ElementsAre(1'099'511'627'775));
}

TEST(LoadConfig, ProcessEnvironmentWinsOverDotenv) {
  const Config config =
      must_load(with(valid_bot_env(), "PORT", "9000"), EnvMap{{"PORT", "7000"}, {"ADMINS", "5"}});
  EXPECT_EQ(config.port, 9000);
  EXPECT_THAT(config.admins, ElementsAre(5));  // .env still fills what the process lacks
}

TEST(LoadConfig, DotenvAloneCanHoldEverything) {
  const Config config = must_load({}, valid_bot_env());
  EXPECT_EQ(config.bot_token, kValidBotToken);
}

TEST(LoadConfig, EmptyValueCountsAsUnset) {
  const Config config = must_load(with(valid_bot_env(), "PORT", "  "));
  EXPECT_EQ(config.port, 8080);
}

TEST(LoadConfig, ValuesAreTrimmed) {
  const Config config = must_load(with(valid_bot_env(), "PORT", " 8081\r"));
  EXPECT_EQ(config.port, 8081);
}

TEST(LoadConfig, BaseUrlLosesTrailingSlashAndDefaultsToPort) {
  EXPECT_EQ(must_load(with(valid_bot_env(), "BASE_URL", "https://dl.example.com/x/")).base_url,
            "https://dl.example.com/x");
  EXPECT_EQ(must_load(with(valid_bot_env(), "PORT", "9090")).base_url, "http://localhost:9090");
}

TEST(LoadConfig, ListsAndAddresses) {
  const Config config = must_load(valid_bot_env_with(
      {{"ADMINS", "111, 222 333"},
       {"TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8 ::1"},
       {"ADDITIONAL_BOT_TOKENS",
        "222:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB,333:CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC"},
       {"BIND_ADDRESS", "::"}}));
  EXPECT_THAT(config.admins, ElementsAre(111, 222, 333));
  ASSERT_EQ(config.trusted_proxies.size(), 3u);
  EXPECT_TRUE(config.trusted_proxies[1].contains("10.9.9.9"));
  EXPECT_EQ(config.additional_bot_tokens.size(), 2u);
  EXPECT_EQ(config.bind_address, "::");
}

TEST(LoadConfig, AdminCheck) {
  const Config config = must_load(with(valid_bot_env(), "ADMINS", "111,222"));
  EXPECT_TRUE(config.is_admin(222));
  EXPECT_FALSE(config.is_admin(333));
  EXPECT_FALSE(must_load(valid_bot_env()).is_admin(111));
}

TEST(LoadConfig, LinkExpiryForms) {
  EXPECT_EQ(must_load(with(valid_bot_env(), "LINK_EXPIRY_DURATION", "3600")).link_expiry,
            std::chrono::seconds(3600));
  EXPECT_EQ(must_load(with(valid_bot_env(), "LINK_EXPIRY_DURATION", "12h")).link_expiry,
            std::chrono::seconds(43200));
  for (const char* off : {"0", "false", "off", "none", "disabled"}) {
    EXPECT_FALSE(
        must_load(with(valid_bot_env(), "LINK_EXPIRY_DURATION", off)).link_expiry_enabled())
        << off;
  }
}

TEST(LoadConfig, VideoFrontendChoices) {
  const Config built_in = must_load(with(valid_bot_env(), "BASE_URL", "https://dl.example.com/"));
  EXPECT_TRUE(built_in.video_frontend_enabled);
  EXPECT_EQ(built_in.player_url(), "https://dl.example.com/player");

  const Config custom =
      must_load(with(valid_bot_env(), "VIDEO_FRONTEND_URL", "https://play.example.com/watch"));
  EXPECT_TRUE(custom.video_frontend_enabled);
  EXPECT_EQ(custom.player_url(), "https://play.example.com/watch");

  EXPECT_FALSE(
      must_load(with(valid_bot_env(), "VIDEO_FRONTEND_URL", "False")).video_frontend_enabled);
}

TEST(LoadConfig, NumbersAndLevels) {
  const Config config = must_load(valid_bot_env_with({{"BANDWIDTH_LIMIT_GB", "1.5"},
                                                      {"MAX_LINKS_PER_DAY", "0"},
                                                      {"MAX_FILE_SIZE", "1000"},
                                                      {"LOG_LEVEL", "warn"},
                                                      {"TDLIB_NETWORK", "none"},
                                                      {"TDJSON_PATH", "/usr/lib/libtdjson.so"},
                                                      {"DATA_DIR", "/var/lib/tglink"}}));
  EXPECT_DOUBLE_EQ(config.bandwidth_limit_gb, 1.5);
  EXPECT_TRUE(config.bandwidth_limit_enabled());
  EXPECT_EQ(config.max_links_per_day, 0);
  EXPECT_EQ(config.max_file_size, 1000);
  EXPECT_EQ(config.log_level, "WARNING");
  EXPECT_TRUE(config.tdlib_network_none);
  EXPECT_EQ(config.tdjson_path, "/usr/lib/libtdjson.so");
  EXPECT_EQ(config.data_dir, "/var/lib/tglink");
}

TEST(LoadConfig, DemoModeFillsTelegramSettings) {
  const ConfigLoadResult result = load_config({}, {}, ConfigMode::Demo, test_defaults());
  ASSERT_TRUE(result.ok()) << problem_text(result);
  const Config& config = *result.config;
  EXPECT_TRUE(is_bot_token(config.bot_token));
  EXPECT_EQ(config.api_id, 1);
  EXPECT_EQ(config.api_hash, std::string(32, '0'));
  EXPECT_EQ(config.log_channel, -1001000000001);
}

TEST(LoadConfig, DemoModeStillValidatesWhatIsSet) {
  const ConfigLoadResult result = load_config(EnvMap{{"LOG_CHANNEL", "42"}, {"PORT", "x"}}, {},
                                              ConfigMode::Demo, test_defaults());
  EXPECT_THAT(variables(result), ElementsAre("LOG_CHANNEL", "PORT"));
}

TEST(LoadConfig, DemoModeKeepsGivenValues) {
  const ConfigLoadResult result =
      load_config(EnvMap{{"LOG_CHANNEL", "-1009999999999"}}, {}, ConfigMode::Demo, test_defaults());
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result.config->log_channel, -1009999999999);
}

TEST(FormatProblems, OneLinePerProblemAndAHint) {
  const std::string text = format_problems(load_bot({}).problems);
  EXPECT_THAT(text, HasSubstr("4 problems"));
  EXPECT_THAT(text, HasSubstr("\n  - BOT_TOKEN: not set"));
  EXPECT_THAT(text, HasSubstr("\n  - LOG_CHANNEL: not set"));
  EXPECT_THAT(text, HasSubstr("tglink check-config"));
}

}  // namespace
}  // namespace tglink
