#include "config/config_loader.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <limits>
#include <set>
#include <string>
#include <type_traits>
#include <utility>

#include <unistd.h>

#include "config/env_reader.hpp"
#include "config/metrics_settings.hpp"
#include "config/playback_settings.hpp"
#include "config/setting_bounds.hpp"
#include "config/value_parsers.hpp"
#include "logging/log.hpp"
#include "store/database_url.hpp"

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

// "(1 to 600)": the range a numeric setting accepts, for its messages.
std::string range_text(std::int64_t min, std::int64_t max) {
  return "(" + std::to_string(min) + " to " + std::to_string(max) + ")";
}

// An integer setting in [min, max]; `what` names the quantity, the range is appended to it.
template <typename Int>
void load_integer(EnvReader& env, std::string_view name, Int& field, std::int64_t min,
                  std::int64_t max, std::string_view what, std::string_view example) {
  max = std::min<std::int64_t>(max, std::numeric_limits<Int>::max());
  if (const std::optional<EnvValue> found = env.get(name)) {
    const std::string described = std::string(what) + " " + range_text(min, max);
    if (const std::optional<std::int64_t> number =
            read_integer(env, *found, min, max, described, example)) {
      field = static_cast<Int>(*number);
    }
  }
}

// A decimal setting in [0, max]; `what` names the quantity, the range is appended to it.
void load_decimal(EnvReader& env, const std::optional<EnvValue>& found, double& field, double max,
                  std::string_view what, std::string_view example) {
  if (!found) {
    return;
  }
  const std::optional<double> number = parse_non_negative_decimal(found->value);
  if (number && *number <= max) {
    field = *number;
  } else {
    env.report(found->name,
               in_quotes(found->value) + " is not " + std::string(what) + " " +
                   range_text(0, static_cast<std::int64_t>(max)),
               example);
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

// A comma- or space-separated list of Telegram user ids (ADMINS, ALLOWED_USERS).
void load_user_ids(EnvReader& env, const char* name, std::string_view example,
                   std::vector<std::int64_t>& ids) {
  const std::optional<EnvValue> found = env.get(name);
  if (!found) {
    return;
  }
  for (const std::string& item : split_list(found->value)) {
    const std::optional<std::int64_t> id = parse_integer(item);
    if (id && *id > 0 && *id <= setting_bounds::kMaxUserId) {
      ids.push_back(*id);
    } else {
      env.report(name,
                 in_quotes(item) + " is not a Telegram user id " +
                     range_text(1, setting_bounds::kMaxUserId),
                 example);
    }
  }
}

void load_admins(EnvReader& env, Config& config) {
  load_user_ids(env, "ADMINS", "ADMINS=12345678,87654321", config.admins);
}

void load_allowed_users(EnvReader& env, Config& config) {
  load_user_ids(env, "ALLOWED_USERS", "ALLOWED_USERS=12345678,87654321", config.allowed_users);
}

// --- HTTP ---

void load_port(EnvReader& env, Config& config) {
  load_integer(env, "PORT", config.port, 1, 65535, "a port number", "PORT=8080");
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
               setting_bounds::kMaxRateLimitPerMinute, "a number of requests per minute",
               "RATE_LIMIT_PER_MINUTE=600");
  load_integer(env, "RATE_LIMIT_BURST", config.rate_limit_burst, 1,
               setting_bounds::kMaxRateLimitBurst, "a number of requests", "RATE_LIMIT_BURST=200");
}

void load_connection_limits(EnvReader& env, Config& config) {
  load_integer(env, "MAX_CONNECTIONS", config.max_connections, 1, setting_bounds::kMaxConnections,
               "a number of connections",
               "MAX_CONNECTIONS=10000 (unset = from the open-file limit)");
  std::int64_t write_timeout = config.write_timeout.count();
  load_integer(env, "WRITE_TIMEOUT", write_timeout, 1, setting_bounds::kMaxWriteTimeout.count(),
               "a number of seconds", "WRITE_TIMEOUT=300");
  config.write_timeout = std::chrono::seconds{write_timeout};
}

void load_deployment_checks(EnvReader& env, Config& config) {
  std::int64_t interval = config.self_test_interval.count();
  load_integer(env, "SELF_TEST_INTERVAL", interval, 0, setting_bounds::kMaxSelfTestInterval.count(),
               "a number of seconds", "SELF_TEST_INTERVAL=300 (0 = only at start)");
  config.self_test_interval = std::chrono::seconds{interval};
  std::int64_t wait = config.database_wait.count();
  load_integer(env, "DATABASE_WAIT", wait, 0, setting_bounds::kMaxDatabaseWait.count(),
               "a number of seconds", "DATABASE_WAIT=60 (0 = do not wait)");
  config.database_wait = std::chrono::seconds{wait};
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

// CHANNELS: "*" or a list of channel ids; LOG_CHANNEL is the bot's store, never a served channel.
void load_channels(EnvReader& env, Config& config) {
  constexpr std::string_view kExample = "CHANNELS=-1001234567890,-1009876543210 (or * for any)";
  const std::optional<EnvValue> found = env.get("CHANNELS");
  if (!found) return;
  if (trim(found->value) == "*") {
    config.any_channel = true;
    return;
  }
  config.channels = read_channel_list(env, *found, kExample);
  if (config.log_channel != 0 && std::find(config.channels.begin(), config.channels.end(),
                                           config.log_channel) != config.channels.end()) {
    env.report(found->name,
               "lists LOG_CHANNEL, where the bot keeps the files, not a channel to serve",
               kExample);
  }
}

void load_daily_links(EnvReader& env, Config& config) {
  constexpr std::string_view kValue = "20 (0 = no limit)";
  const std::optional<EnvValue> found =
      env.get_either("MAX_LINKS_PER_DAY", "USERS_DAILY_LIMIT", "MAX_LINKS_PER_DAY=20");
  if (!found) {
    return;
  }
  if (const std::optional<std::int64_t> number = read_integer(
          env, *found, 0, setting_bounds::kMaxLinksPerDay,
          "a number of links per day " + range_text(0, setting_bounds::kMaxLinksPerDay),
          example_for(*found, kValue))) {
    config.max_links_per_day = static_cast<int>(*number);
  }
}

void load_bandwidth(EnvReader& env, Config& config) {
  const std::optional<EnvValue> found =
      env.get_either("BANDWIDTH_LIMIT_GB", "MONTHLY_BANDWIDTH_LIMIT_GB", "BANDWIDTH_LIMIT_GB=500");
  if (found) {
    load_decimal(env, found, config.bandwidth_limit_gb, setting_bounds::kMaxBandwidthLimitGb,
                 "a number of gigabytes", example_for(*found, "500 (0 = no limit)"));
  }
}

void load_link_expiry(EnvReader& env, Config& config) {
  const std::optional<EnvValue> found = env.get("LINK_EXPIRY_DURATION");
  if (!found) {
    return;
  }
  const std::optional<std::chrono::seconds> duration = parse_duration(found->value);
  if (duration && *duration <= setting_bounds::kMaxLinkExpiry) {
    config.link_expiry = *duration;
  } else {
    env.report("LINK_EXPIRY_DURATION",
               in_quotes(found->value) +
                   " is not a duration (seconds, or a number with s, m, h, d or w, at most " +
                   std::to_string(setting_bounds::kMaxLinkExpiry.count()) +
                   " s = 3650d; 0 or \"false\" disables expiry)",
               "LINK_EXPIRY_DURATION=86400 (or 12h, 7d, false)");
  }
}

void load_dashboard_link_ttl(EnvReader& env, Config& config) {
  const std::optional<EnvValue> found = env.get("DASHBOARD_LINK_TTL");
  if (!found) return;
  const std::optional<std::chrono::seconds> ttl = parse_duration(found->value);
  if (ttl && *ttl >= setting_bounds::kMinDashboardLinkTtl &&
      *ttl <= setting_bounds::kMaxDashboardLinkTtl) {
    config.dashboard_link_ttl = *ttl;
    return;
  }
  env.report("DASHBOARD_LINK_TTL",
             in_quotes(found->value) +
                 " is not a duration from 60 s to 24 h (seconds, or a number with s, m or h)",
             "DASHBOARD_LINK_TTL=15m");
}

void load_sizes(EnvReader& env, Config& config) {
  load_integer(env, "MAX_FILE_SIZE", config.max_file_size, 1, setting_bounds::kMaxFileSize,
               "a size in bytes", "MAX_FILE_SIZE=2000000000");
  const std::optional<EnvValue> cache = env.get("CACHE_MAX_GB");
  load_decimal(env, cache, config.cache_max_gb, setting_bounds::kMaxCacheGb,
               "a number of gigabytes", "CACHE_MAX_GB=10");
  if (cache && config.cache_max_gb == 0) {
    env.report("CACHE_MAX_GB", "0 leaves no room to download files; give more than 0",
               "CACHE_MAX_GB=10");
  }
  load_integer(env, "USER_FILES_PER_MINUTE", config.user_files_per_minute, 1,
               setting_bounds::kMaxUserFilesPerMinute, "a number of files per minute",
               "USER_FILES_PER_MINUTE=20");
  load_integer(env, "BROADCAST_MESSAGES_PER_SECOND", config.broadcast_messages_per_second, 1,
               setting_bounds::kMaxBroadcastMessagesPerSecond, "a number of messages per second",
               "BROADCAST_MESSAGES_PER_SECOND=25");
}

// --- Storage, secrets, TDLib, logging ---

constexpr std::string_view kDatabaseUrlExample =
    "DATABASE_URL=postgresql://tglink:PASSWORD@db.example.com:5432/tglink";

// Runs after SECRET_KEY is read: several nodes on one database must sign links with one key.
void load_database_url(EnvReader& env, Config& config) {
  const std::optional<EnvValue> found = env.get("DATABASE_URL");
  if (!found) {
    return;
  }
  if (const std::optional<std::string> problem = database_url_problem(found->value)) {
    env.report("DATABASE_URL", in_quotes(redact_database_url(found->value)) + " " + *problem,
               kDatabaseUrlExample);
    return;
  }
  config.database_url = found->value;
  if (config.secret_key.empty()) {
    env.report("SECRET_KEY",
               "must be set when DATABASE_URL is: every node on the shared database must sign "
               "and check links with the same key, and a key generated in one node's DATA_DIR "
               "is unknown to the others (set the same value on every node)",
               "SECRET_KEY=$(openssl rand -hex 32)");
  }
}

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
  load_database_url(env, config);
  load_integer(env, "STORE_POOL_SIZE", config.store_pool_size, 1, setting_bounds::kMaxStorePoolSize,
               "a number of connections", "STORE_POOL_SIZE=4");
  const std::optional<EnvValue> tdjson = env.get("TDJSON_PATH");
  config.tdjson_path = tdjson ? std::filesystem::path(tdjson->value) : defaults.tdjson_path;
}

// A node id is shown in logs and /api/info and compared in the lease: printable, no spaces.
bool valid_node_id(const std::string& id) {
  if (id.empty() || id.size() > 64) {
    return false;
  }
  return std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '-' || c == '_' ||
           c == ':';
  });
}

// Runs after PORT is read: the default tells apart two nodes on one machine.
void load_node_id(EnvReader& env, Config& config, const ConfigDefaults& defaults) {
  if (const std::optional<EnvValue> found = env.get("NODE_ID")) {
    if (valid_node_id(found->value)) {
      config.node_id = found->value;
    } else {
      env.report("NODE_ID",
                 in_quotes(found->value) +
                     " is not a node id (1 to 64 letters, digits, '.', '-', '_' or ':')",
                 "NODE_ID=edge-1");
    }
    return;
  }
  const std::string host = valid_node_id(defaults.host_name) ? defaults.host_name : "tglink";
  config.node_id = host + ":" + std::to_string(config.port);
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

// A libtdjson.so beside the binary (the container image's /opt/tglink, the .deb's
// /usr/lib/tglink) wins over the npm copy in the source tree the binary was built from.
std::filesystem::path default_tdjson_path() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  const std::filesystem::path beside = self.parent_path() / "libtdjson.so";
  if (!ec && std::filesystem::exists(beside, ec)) return beside;
  return TGLINK_BUILD_DEFAULT_TDJSON;
}

ConfigDefaults build_config_defaults() {
  std::array<char, 256> name{};
  const bool named = ::gethostname(name.data(), name.size() - 1) == 0;
  return ConfigDefaults{.tdjson_path = default_tdjson_path(),
                        .host_name = named ? std::string(name.data()) : std::string()};
}

ListenSettingsResult load_listen_settings(const EnvMap& process_env, const EnvMap& dotenv) {
  EnvReader env(process_env, dotenv);
  Config config;
  load_port(env, config);
  load_bind_address(env, config);
  return ListenSettingsResult{
      .port = config.port, .bind_address = config.bind_address, .problems = env.take_problems()};
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
  load_allowed_users(env, config);
  load_port(env, config);
  load_base_url(env, config);
  load_bind_address(env, config);
  load_trusted_proxies(env, config);
  load_rate_limits(env, config);
  load_connection_limits(env, config);
  load_deployment_checks(env, config);
  load_video_frontend(env, config);
  load_force_sub(env, config);
  load_channels(env, config);
  load_daily_links(env, config);
  load_bandwidth(env, config);
  load_link_expiry(env, config);
  load_dashboard_link_ttl(env, config);
  load_sizes(env, config);
  load_storage(env, config, defaults);
  load_node_id(env, config, defaults);
  load_tdlib_network(env, config);
  load_telegram_proxy(env, config);
  load_metrics_settings(env, config);
  load_playback_settings(env, config);
  load_log_level(env, config);
  ConfigLoadResult result;
  result.problems = env.take_problems();
  if (result.problems.empty()) {
    result.config = std::move(config);
  }
  return result;
}

}  // namespace tglink
