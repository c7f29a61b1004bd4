#include "config/config_summary.hpp"

#include <fmt/format.h>

#include "config/playback_settings.hpp"
#include "config/value_parsers.hpp"
#include "store/database_url.hpp"

namespace tglink {

namespace {

std::string masked_bot_token(const std::string& token) {
  return std::string(bot_id_of(token)) + ":***";
}

std::string masked_bot_tokens(const std::vector<std::string>& tokens) {
  if (tokens.empty()) {
    return "none";
  }
  std::string text;
  for (const std::string& token : tokens) {
    text += (text.empty() ? "" : ", ") + std::string(bot_id_of(token)) + ":***";
  }
  return text;
}

template <typename T>
std::string join(const std::vector<T>& items, std::string_view when_empty) {
  return items.empty() ? std::string(when_empty) : fmt::format("{}", fmt::join(items, ", "));
}

std::string join_cidrs(const std::vector<Cidr>& cidrs) {
  std::vector<std::string> texts;
  for (const Cidr& cidr : cidrs) {
    texts.push_back(cidr.to_string());
  }
  return join(texts, "none (X-Forwarded-For is ignored)");
}

std::string describe_frontend(const Config& config) {
  if (!config.video_frontend_enabled) {
    return "disabled (no Play Video button)";
  }
  return config.player_url() + (config.video_frontend_url.empty() ? " (built-in player)" : "");
}

std::string describe_expiry(const Config& config) {
  if (!config.link_expiry_enabled()) {
    return "disabled (links never expire)";
  }
  return fmt::format("{} s", config.link_expiry.count());
}

std::string or_off(double value, std::string_view unit) {
  return value > 0 ? fmt::format("{} {}", value, unit) : "no limit";
}

}  // namespace

std::string summarize_config(const Config& config) {
  std::string text;
  const auto line = [&text](std::string_view name, const std::string& value) {
    text += fmt::format("  {:<22} {}\n", name, value);
  };
  line("BOT_TOKEN", masked_bot_token(config.bot_token));
  line("API_ID", std::to_string(config.api_id));
  line("API_HASH", config.api_hash.empty() ? "not set" : "*** (set)");
  line("LOG_CHANNEL", std::to_string(config.log_channel));
  line("ADDITIONAL_BOT_TOKENS", masked_bot_tokens(config.additional_bot_tokens));
  line("ADMINS", join(config.admins, "none"));
  line("ALLOWED_USERS", join(config.allowed_users, "not set (everyone may make links)"));
  line("BASE_URL", config.base_url);
  line("BIND_ADDRESS", fmt::format("{} port {}", config.bind_address, config.port));
  line("TRUSTED_PROXIES", join_cidrs(config.trusted_proxies));
  line("RATE_LIMIT", fmt::format("{} per minute, burst {}", config.rate_limit_per_minute,
                                 config.rate_limit_burst));
  line("MAX_CONNECTIONS", config.max_connections > 0 ? std::to_string(config.max_connections)
                                                     : std::string("from the open-file limit"));
  line("WRITE_TIMEOUT", fmt::format("{} s", config.write_timeout.count()));
  line("SELF_TEST_INTERVAL",
       config.self_test_interval.count() > 0
           ? fmt::format("{} s (and at start)", config.self_test_interval.count())
           : std::string("at start only"));
  line("VIDEO_FRONTEND_URL", describe_frontend(config));
  line("FORCE_SUB_CHANNELS", join(config.force_sub_channels, "none"));
  line("CHANNELS", config.any_channel ? std::string("* (any channel the bot is added to)")
                                      : join(config.channels, "none (channel mode off)"));
  line("MAX_LINKS_PER_DAY", config.max_links_per_day > 0 ? std::to_string(config.max_links_per_day)
                                                         : std::string("no limit"));
  line("BANDWIDTH_LIMIT_GB", or_off(config.bandwidth_limit_gb, "GB per month"));
  line("LINK_EXPIRY_DURATION", describe_expiry(config));
  line("DASHBOARD_LINK_TTL", config.admins.empty()
                                 ? std::string("no dashboard (ADMINS is empty)")
                                 : fmt::format("{} s", config.dashboard_link_ttl.count()));
  line("MAX_FILE_SIZE", fmt::format("{} bytes", config.max_file_size));
  line("CACHE_MAX_GB", fmt::format("{} GB", config.cache_max_gb));
  line("USER_FILES_PER_MINUTE", std::to_string(config.user_files_per_minute));
  line("BROADCAST_MESSAGES_PER_SECOND", std::to_string(config.broadcast_messages_per_second));
  line("DATA_DIR", config.data_dir.string());
  line("SECRET_KEY", config.secret_key.empty() ? "generated in DATA_DIR" : "*** (set)");
  line("DATABASE_URL", config.uses_postgres() ? redact_database_url(config.database_url)
                                              : std::string("not set (SQLite in DATA_DIR)"));
  line("STORE_POOL_SIZE", config.uses_postgres()
                              ? fmt::format("{} connections", config.store_pool_size)
                              : std::string("unused (SQLite)"));
  line("DATABASE_WAIT", fmt::format("{} s", config.database_wait.count()));
  line("NODE_ID", config.node_id);
  line("TDJSON_PATH", config.tdjson_path.string());
  line("TDLIB_NETWORK", config.tdlib_network_none ? "none (offline)" : "auto");
  line("TELEGRAM_PROXY", config.telegram_proxy ? redacted_proxy_url(*config.telegram_proxy)
                                               : std::string("none (direct)"));
  line("METRICS_TOKEN", config.metrics_token.empty() ? "not set (no /metrics on PORT)"
                                                     : "*** (set: /metrics on PORT)");
  line("METRICS_ADDRESS", config.metrics_listener_enabled()
                              ? fmt::format("{} port {}", config.metrics_host, config.metrics_port)
                              : std::string("not set"));
  line("PLAYER_CONVERT", config.player_convert);
  line("FFMPEG_PATH", config.ffmpeg_path);
  line("FFPROBE_PATH", effective_ffprobe_path(config));
  line("TRANSCODE_SLOTS", std::to_string(effective_transcode_slots(config)));
  line("REMUX_SLOTS", std::to_string(config.remux_slots));
  line("TRANSCODE_MAX_HEIGHT", std::to_string(config.transcode_max_height));
  line("TRANSCODE_PRESET", config.transcode_preset);
  line("HLS_CACHE_MB", std::to_string(config.hls_cache_mb));
  line("CONVERTER_MEMORY_MB", std::to_string(config.converter_memory_mb));
  line("CONVERTER_CPU_PER_MEDIA_SECOND", std::to_string(config.converter_cpu_per_media_second));
  line("CONVERTER_FILE_MB", std::to_string(config.converter_file_mb));
  line("CONVERTER_OPEN_FILES", std::to_string(config.converter_open_files));
  line("CONVERTER_MIN_FREE_MB", std::to_string(config.converter_min_free_mb));
  line("CONVERTER_CONFINEMENT", config.converter_confinement);
  line("LOG_LEVEL", config.log_level);
  return text;
}

}  // namespace tglink
