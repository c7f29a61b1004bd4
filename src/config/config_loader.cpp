#include "config/config_loader.hpp"

#include <limits>
#include <set>
#include <string>
#include <type_traits>
#include <utility>

#include "config/env_reader.hpp"
#include "config/value_parsers.hpp"
#include "logging/log.hpp"

namespace tglink {

namespace {

constexpr std::string_view kBotTokenShape =
    "not a bot token (expected digits, a colon, then at least 30 letters, digits, _ or -, as "
    "@BotFather gives it)";
constexpr std::string_view kChannelShape =
    "is not a channel id (the Bot API form: -100 followed by the channel's number)";

std::string in_quotes(std::string_view value) { return "\"" + std::string(value) + "\""; }

// Examples for aliased settings use whichever name the user chose.
std::string example_for(const EnvValue& found, std::string_view value) {
  return found.name + "=" + std::string(value);
}

// An integer in [min, max], or a problem "<value> is not <what>".
std::optional<std::int64_t> read_integer(EnvReader& env, const EnvValue& found, std::int64_t min,
                                         std::int64_t max, std::string_view what,
                                         std::string_view example) {
  const std::optional<std::int64_t> number = parse_integer(found.value);
  if (!number || *number < min || *number > max) {
    env.report(found.name, in_quotes(found.value) + " is not " + std::string(what), example);
    return std::nullopt;
  }
  return number;
}

template <typename Int>
void load_integer(EnvReader& env, std::string_view name, Int& field, std::int64_t min,
                  std::string_view what, std::string_view example) {
  if (const std::optional<EnvValue> found = env.get(name)) {
    const std::int64_t max = std::numeric_limits<Int>::max();
    if (const std::optional<std::int64_t> number =
            read_integer(env, *found, min, max, what, example)) {
      field = static_cast<Int>(*number);
    }
  }
}

void load_decimal(EnvReader& env, const std::optional<EnvValue>& found, double& field,
                  std::string_view what, std::string_view example) {
  if (!found) {
    return;
  }
  if (const std::optional<double> number = parse_non_negative_decimal(found->value)) {
    field = *number;
  } else {
    env.report(found->name, in_quotes(found->value) + " is not " + std::string(what), example);
  }
}

void report_missing(EnvReader& env, std::string_view name, std::string_view what,
                    std::string_view example) {
  env.report(name, "not set; " + std::string(what), example);
}

std::vector<std::int64_t> read_channel_list(EnvReader& env, const EnvValue& found,
                                            std::string_view example) {
  std::vector<std::int64_t> channels;
  for (const std::string& item : split_list(found.value)) {
    const std::optional<std::int64_t> id = parse_integer(item);
    if (id && is_channel_id(*id)) {
      channels.push_back(*id);
    } else {
      env.report(found.name, in_quotes(item) + " " + std::string(kChannelShape), example);
    }
  }
  return channels;
}

// --- Telegram ---

// A setting the bot cannot run without; the demo mode stands in a value for it instead.
struct RequiredSetting {
  std::string_view name;
  std::string_view missing;  // why it is needed, ending "is required"
  std::string_view example;
};

// The value to validate, or nothing when the setting is missing: then Demo mode sets `field` to
// `demo` and every other mode reports the setting as required.
template <typename Field>
std::optional<EnvValue> get_required(EnvReader& env, ConfigMode mode,
                                     const RequiredSetting& setting, Field& field,
                                     std::type_identity_t<Field> demo) {
  std::optional<EnvValue> found = env.get(setting.name);
  if (!found) {
    if (mode == ConfigMode::Demo) {
      field = std::move(demo);
    } else {
      report_missing(env, setting.name, setting.missing, setting.example);
    }
  }
  return found;
}

void load_bot_token(EnvReader& env, Config& config, ConfigMode mode) {
  constexpr RequiredSetting kSetting{.name = "BOT_TOKEN",
                                     .missing = "the bot's token from @BotFather is required",
                                     .example = "BOT_TOKEN=123456789:AAE..."};
  const std::optional<EnvValue> found =
      get_required(env, mode, kSetting, config.bot_token, demo_values::kBotToken);
  if (!found) {
    return;
  }
  if (!is_bot_token(found->value)) {
    // never echo the value
    env.report(kSetting.name, std::string(kBotTokenShape), kSetting.example);
    return;
  }
  config.bot_token = found->value;
}

void load_api_id(EnvReader& env, Config& config, ConfigMode mode) {
  constexpr RequiredSetting kSetting{
      .name = "API_ID",
      .missing = "the application id from my.telegram.org is required",
      .example = "API_ID=1234567"};
  const std::optional<EnvValue> found =
      get_required(env, mode, kSetting, config.api_id, demo_values::kApiId);
  if (!found) {
    return;
  }
  if (const std::optional<std::int64_t> id = read_integer(
          env, *found, 1, std::numeric_limits<std::int32_t>::max(),
          "an application id (a positive number from my.telegram.org)", kSetting.example)) {
    config.api_id = static_cast<std::int32_t>(*id);
  }
}

void load_api_hash(EnvReader& env, Config& config, ConfigMode mode) {
  constexpr RequiredSetting kSetting{
      .name = "API_HASH",
      .missing = "the application hash from my.telegram.org is required",
      .example = "API_HASH=0123456789abcdef0123456789abcdef"};
  const std::optional<EnvValue> found =
      get_required(env, mode, kSetting, config.api_hash, demo_values::kApiHash);
  if (!found) {
    return;
  }
  if (!is_api_hash(found->value)) {
    env.report(kSetting.name, "not an application hash (expected 32 hexadecimal characters)",
               kSetting.example);  // never echo the value
    return;
  }
  config.api_hash = found->value;
}

void load_log_channel(EnvReader& env, Config& config, ConfigMode mode) {
  constexpr RequiredSetting kSetting{
      .name = "LOG_CHANNEL",
      .missing = "the channel that stores the files (the bot must be an admin there) is required",
      .example = "LOG_CHANNEL=-1001234567890"};
  const std::optional<EnvValue> found =
      get_required(env, mode, kSetting, config.log_channel, demo_values::kLogChannel);
  if (!found) {
    return;
  }
  const std::optional<std::int64_t> id = parse_integer(found->value);
  if (!id || !is_channel_id(*id)) {
    env.report(kSetting.name, in_quotes(found->value) + " " + std::string(kChannelShape),
               kSetting.example);
    return;
  }
  config.log_channel = *id;
}

void load_additional_bot_tokens(EnvReader& env, Config& config) {
  constexpr std::string_view kExample = "ADDITIONAL_BOT_TOKENS=123456789:AAE...,987654321:AAF...";
  const std::optional<EnvValue> found = env.get("ADDITIONAL_BOT_TOKENS");
  if (!found) {
    return;
  }
  std::set<std::string> seen{config.bot_token};
  const std::vector<std::string> tokens = split_list(found->value);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string position = "entry " + std::to_string(i + 1);
    if (!is_bot_token(tokens[i])) {
      env.report(found->name, position + " is " + std::string(kBotTokenShape), kExample);
    } else if (!seen.insert(tokens[i]).second) {
      env.report(found->name,
                 position + " repeats BOT_TOKEN or an earlier entry; list each bot once", kExample);
    } else {
      config.additional_bot_tokens.push_back(tokens[i]);
    }
  }
}

void load_admins(EnvReader& env, Config& config) {
  constexpr std::string_view kExample = "ADMINS=12345678,87654321";
  const std::optional<EnvValue> found = env.get("ADMINS");
  if (!found) {
    return;
  }
  for (const std::string& item : split_list(found->value)) {
    const std::optional<std::int64_t> id = parse_integer(item);
    if (id && *id > 0) {
      config.admins.push_back(*id);
    } else {
      env.report("ADMINS", in_quotes(item) + " is not a Telegram user id (a positive number)",
                 kExample);
    }
  }
}

// --- HTTP ---

void load_port(EnvReader& env, Config& config) {
  load_integer(env, "PORT", config.port, 1, "a port number (1-65535)", "PORT=8080");
}

// Without BASE_URL, links point at this machine on the configured PORT.
void load_base_url(EnvReader& env, Config& config) {
  const std::optional<EnvValue> found = env.get("BASE_URL");
  if (!found) {
    config.base_url = "http://localhost:" + std::to_string(config.port);
    return;
  }
  if (const std::optional<std::string> url = normalize_http_url(found->value)) {
    config.base_url = *url;
  } else {
    env.report("BASE_URL",
               in_quotes(found->value) +
                   " is not an http(s) address (expected http(s)://host[:port][/path], no query)",
               "BASE_URL=https://files.example.com");
  }
}

void load_bind_address(EnvReader& env, Config& config) {
  const std::optional<EnvValue> found = env.get("BIND_ADDRESS");
  if (!found) {
    return;
  }
  if (is_ip_address(found->value)) {
    config.bind_address = found->value;
  } else {
    env.report("BIND_ADDRESS",
               in_quotes(found->value) + " is not an IP address (0.0.0.0 listens everywhere)",
               "BIND_ADDRESS=0.0.0.0");
  }
}

void load_trusted_proxies(EnvReader& env, Config& config) {
  const std::optional<EnvValue> found = env.get("TRUSTED_PROXIES");
  if (!found) {
    return;
  }
  for (const std::string& item : split_list(found->value)) {
    if (const std::optional<Cidr> cidr = Cidr::parse(item)) {
      config.trusted_proxies.push_back(*cidr);
    } else {
      env.report("TRUSTED_PROXIES",
                 in_quotes(item) + " is not an IP address or network (address/prefix-length)",
                 "TRUSTED_PROXIES=127.0.0.1,10.0.0.0/8");
    }
  }
}

void load_rate_limits(EnvReader& env, Config& config) {
  load_integer(env, "RATE_LIMIT_PER_MINUTE", config.rate_limit_per_minute, 1,
               "a number of requests per minute (1 or more)", "RATE_LIMIT_PER_MINUTE=600");
  load_integer(env, "RATE_LIMIT_BURST", config.rate_limit_burst, 1,
               "a number of requests (1 or more)", "RATE_LIMIT_BURST=200");
}

// --- Features and limits ---

void load_video_frontend(EnvReader& env, Config& config) {
  const std::optional<EnvValue> found = env.get("VIDEO_FRONTEND_URL");
  if (!found) {
    return;
  }
  if (to_lower(found->value) == "false") {
    config.video_frontend_enabled = false;
  } else if (const std::optional<std::string> url = normalize_http_url(found->value)) {
    config.video_frontend_url = *url;
  } else {
    env.report("VIDEO_FRONTEND_URL",
               in_quotes(found->value) +
                   " is neither an http(s) address nor \"false\" (leave it empty for the "
                   "built-in player)",
               "VIDEO_FRONTEND_URL=https://player.example.com");
  }
}

void load_force_sub(EnvReader& env, Config& config) {
  constexpr std::string_view kValue = "-1001234567890,-1009876543210";
  if (const std::optional<EnvValue> found = env.get_either(
          "FORCE_SUB_CHANNEL", "FORCE_SUB_CHANNELS", "FORCE_SUB_CHANNEL=-1001234567890")) {
    config.force_sub_channels = read_channel_list(env, *found, example_for(*found, kValue));
  }
}

void load_daily_links(EnvReader& env, Config& config) {
  constexpr std::string_view kValue = "20 (0 = no limit)";
  const std::optional<EnvValue> found =
      env.get_either("MAX_LINKS_PER_DAY", "USERS_DAILY_LIMIT", "MAX_LINKS_PER_DAY=20");
  if (!found) {
    return;
  }
  if (const std::optional<std::int64_t> number =
          read_integer(env, *found, 0, std::numeric_limits<int>::max(),
                       "a number of links per day (0 or more)", example_for(*found, kValue))) {
    config.max_links_per_day = static_cast<int>(*number);
  }
}

void load_bandwidth(EnvReader& env, Config& config) {
  const std::optional<EnvValue> found =
      env.get_either("BANDWIDTH_LIMIT_GB", "MONTHLY_BANDWIDTH_LIMIT_GB", "BANDWIDTH_LIMIT_GB=500");
  if (found) {
    load_decimal(env, found, config.bandwidth_limit_gb, "a number of gigabytes (0 or more)",
                 example_for(*found, "500 (0 = no limit)"));
  }
}

void load_link_expiry(EnvReader& env, Config& config) {
  const std::optional<EnvValue> found = env.get("LINK_EXPIRY_DURATION");
  if (!found) {
    return;
  }
  if (const std::optional<std::chrono::seconds> duration = parse_duration(found->value)) {
    config.link_expiry = *duration;
  } else {
    env.report("LINK_EXPIRY_DURATION",
               in_quotes(found->value) +
                   " is not a duration (seconds, or a number with s, m, h, d or w; 0 or "
                   "\"false\" disables expiry)",
               "LINK_EXPIRY_DURATION=86400 (or 12h, 7d, false)");
  }
}

void load_sizes(EnvReader& env, Config& config) {
  load_integer(env, "MAX_FILE_SIZE", config.max_file_size, 1, "a size in bytes (1 or more)",
               "MAX_FILE_SIZE=2000000000");
  const std::optional<EnvValue> cache = env.get("CACHE_MAX_GB");
  load_decimal(env, cache, config.cache_max_gb, "a number of gigabytes (more than 0)",
               "CACHE_MAX_GB=10");
  if (cache && config.cache_max_gb == 0) {
    env.report("CACHE_MAX_GB", "0 leaves no room to download files; give more than 0",
               "CACHE_MAX_GB=10");
  }
  load_integer(env, "USER_FILES_PER_MINUTE", config.user_files_per_minute, 1,
               "a number of files per minute (1 or more)", "USER_FILES_PER_MINUTE=20");
  load_integer(env, "BROADCAST_MESSAGES_PER_SECOND", config.broadcast_messages_per_second, 1,
               "a number of messages per second (1 or more)", "BROADCAST_MESSAGES_PER_SECOND=25");
}

// --- Storage, secrets, TDLib, logging ---

void load_storage(EnvReader& env, Config& config, const ConfigDefaults& defaults) {
  if (const std::optional<EnvValue> found = env.get("DATA_DIR")) {
    config.data_dir = found->value;
  }
  if (const std::optional<EnvValue> found = env.get("SECRET_KEY")) {
    if (found->value.size() >= 16) {
      config.secret_key = found->value;
    } else {
      env.report("SECRET_KEY",
                 "too short to sign links safely (at least 16 characters; leave it unset to "
                 "generate one in DATA_DIR)",
                 "SECRET_KEY=$(openssl rand -hex 32)");  // never echo the value
    }
  }
  const std::optional<EnvValue> tdjson = env.get("TDJSON_PATH");
  config.tdjson_path = tdjson ? std::filesystem::path(tdjson->value) : defaults.tdjson_path;
}

void load_tdlib_network(EnvReader& env, Config& config) {
  const std::optional<EnvValue> found = env.get("TDLIB_NETWORK");
  if (!found) {
    return;
  }
  const std::string value = to_lower(found->value);
  if (value == "none" || value == "auto") {
    config.tdlib_network_none = value == "none";
  } else {
    env.report("TDLIB_NETWORK",
               in_quotes(found->value) +
                   " is not a network mode (\"none\" keeps TDLib offline; unset or \"auto\" "
                   "goes online)",
               "TDLIB_NETWORK=none");
  }
}

void load_log_level(EnvReader& env, Config& config) {
  const std::optional<EnvValue> found = env.get("LOG_LEVEL");
  if (!found) {
    return;
  }
  if (const std::optional<LogLevel> level = parse_log_level(found->value)) {
    config.log_level = std::string(log_level_name(*level));
  } else {
    env.report(
        "LOG_LEVEL",
        in_quotes(found->value) + " is not a log level (DEBUG, INFO, WARNING, ERROR or CRITICAL)",
        "LOG_LEVEL=INFO");
  }
}

}  // namespace

ConfigDefaults build_config_defaults() {
  return ConfigDefaults{.tdjson_path = TGLINK_BUILD_DEFAULT_TDJSON};
}

ConfigLoadResult load_config(const EnvMap& process_env, const EnvMap& dotenv, ConfigMode mode,
                             const ConfigDefaults& defaults) {
  EnvReader env(process_env, dotenv);
  Config config;
  load_bot_token(env, config, mode);
  load_api_id(env, config, mode);
  load_api_hash(env, config, mode);
  load_log_channel(env, config, mode);
  load_additional_bot_tokens(env, config);
  load_admins(env, config);
  load_port(env, config);
  load_base_url(env, config);
  load_bind_address(env, config);
  load_trusted_proxies(env, config);
  load_rate_limits(env, config);
  load_video_frontend(env, config);
  load_force_sub(env, config);
  load_daily_links(env, config);
  load_bandwidth(env, config);
  load_link_expiry(env, config);
  load_sizes(env, config);
  load_storage(env, config, defaults);
  load_tdlib_network(env, config);
  load_log_level(env, config);
  ConfigLoadResult result;
  result.problems = env.take_problems();
  if (result.problems.empty()) {
    result.config = std::move(config);
  }
  return result;
}

}  // namespace tglink
