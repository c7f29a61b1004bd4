#pragma once
// Builds the Config from the process environment and an optional .env file.
//
// Precedence: the process environment wins over .env (like every dotenv tool), so a value
// given for one run overrides the file. A name set to an empty value counts as not set.
// Aliases (MAX_LINKS_PER_DAY / USERS_DAILY_LIMIT, BANDWIDTH_LIMIT_GB /
// MONTHLY_BANDWIDTH_LIMIT_GB, FORCE_SUB_CHANNEL / FORCE_SUB_CHANNELS) may be used either way;
// setting both to different values is a problem.
//
// Every value is checked and EVERY problem is returned at once, each naming the variable, what
// is wrong and an example of a right value. Messages never contain the values of BOT_TOKEN,
// API_HASH, SECRET_KEY or ADDITIONAL_BOT_TOKENS.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "config/config_problem.hpp"
#include "config/env_map.hpp"

namespace tglink {

enum class ConfigMode {
  Bot,   // the real service: BOT_TOKEN, API_ID, API_HASH and LOG_CHANNEL are required
  Demo,  // the local demo on the TDLib simulator: those four get fake, well-formed values
};

// Defaults that only the build knows.
struct ConfigDefaults {
  std::filesystem::path tdjson_path;  // used when TDJSON_PATH is not set
  std::string host_name;              // this machine's name, for the default NODE_ID
};

// TDJSON_PATH: a libtdjson.so beside the binary (image, .deb), else the pinned npm copy in the
// source tree this was built from.
[[nodiscard]] ConfigDefaults build_config_defaults();

struct ConfigLoadResult {
  std::optional<Config> config;         // set exactly when problems is empty
  std::vector<ConfigProblem> problems;  // in the order the variables are listed in Config

  [[nodiscard]] bool ok() const { return config.has_value(); }
};

[[nodiscard]] ConfigLoadResult load_config(
    const EnvMap& process_env, const EnvMap& dotenv, ConfigMode mode,
    const ConfigDefaults& defaults = build_config_defaults());

// PORT and BIND_ADDRESS alone, read exactly as load_config reads them (an empty value is unset,
// the same ranges and messages): `tglink healthcheck` must find the server it checks without
// the Telegram settings load_config requires.
struct ListenSettingsResult {
  std::uint16_t port = 8080;
  std::string bind_address = "0.0.0.0";
  std::vector<ConfigProblem> problems;  // PORT or BIND_ADDRESS set to something unusable
};

[[nodiscard]] ListenSettingsResult load_listen_settings(const EnvMap& process_env,
                                                        const EnvMap& dotenv);

// The values ConfigMode::Demo fills in for unset Telegram settings.
namespace demo_values {
inline constexpr const char* kBotToken = "1000000001:DEMO_token_for_the_local_simulator";
inline constexpr std::int32_t kApiId = 1;
inline constexpr const char* kApiHash = "00000000000000000000000000000000";
inline constexpr std::int64_t kLogChannel = -1001000000001;
}  // namespace demo_values

}  // namespace tglink
