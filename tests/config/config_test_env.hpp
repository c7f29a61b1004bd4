#pragma once
// A complete, valid environment for ConfigMode::Bot that each test changes one thing in.

#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config.hpp"
#include "config/config_loader.hpp"
#include "config/env_map.hpp"

namespace tglink::testing {

inline constexpr const char* kValidBotToken = "123456789:AAEhBP0av28wQLnrZ4ZpsjpxAbCdEfGhIjK";

inline EnvMap valid_bot_env() {
  return EnvMap{
      {"BOT_TOKEN", kValidBotToken},
      {"API_ID", "1234567"},
      {"API_HASH", "0123456789abcdef0123456789abcdef"},
      {"LOG_CHANNEL", "-1001234567890"},
  };
}

inline ConfigDefaults test_defaults() {
  return ConfigDefaults{.tdjson_path = "/opt/td/libtdjson.so", .host_name = "test-host"};
}

inline ConfigLoadResult load_bot(const EnvMap& env, const EnvMap& dotenv = {}) {
  return load_config(env, dotenv, ConfigMode::Bot, test_defaults());
}

// The valid environment with these settings added, or changed from their valid values.
inline EnvMap valid_bot_env_with(const EnvMap& settings) {
  EnvMap env = valid_bot_env();
  for (const auto& [name, value] : settings) {
    env.insert_or_assign(name, value);
  }
  return env;
}

// The valid environment with one setting changed, loaded.
inline ConfigLoadResult load_bot_with(const std::string& name, const std::string& value) {
  return load_bot(valid_bot_env_with({{name, value}}));
}

// Every problem's text, one per line, for matching in assertions.
inline std::string problem_text(const ConfigLoadResult& result) {
  std::string text;
  for (const ConfigProblem& problem : result.problems) {
    text += problem.describe() + "\n";
  }
  return text;
}

// `text` (problems, a summary) holds each of `parts`.
inline void expect_mentions(const std::string& text, std::initializer_list<std::string> parts) {
  for (const std::string& part : parts) {
    EXPECT_THAT(text, ::testing::HasSubstr(part));
  }
}

// `text` holds none of `parts` (secrets, most often).
inline void expect_never_mentions(const std::string& text,
                                  std::initializer_list<std::string> parts) {
  for (const std::string& part : parts) {
    EXPECT_THAT(text, ::testing::Not(::testing::HasSubstr(part)));
  }
}

// The configuration an environment that must load gives. A problem fails the test, naming every
// problem; the checks that follow then see a default Config (and fail on what they check).
inline Config must_load(const EnvMap& env, const EnvMap& dotenv = {}) {
  const ConfigLoadResult result = load_bot(env, dotenv);
  EXPECT_TRUE(result.ok()) << problem_text(result);
  return result.config.value_or(Config());
}

}  // namespace tglink::testing
