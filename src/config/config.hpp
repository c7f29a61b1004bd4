#pragma once
// Every setting tglink reads, already validated and typed. Built once at start by
// load_config() (config/config_loader.hpp) and passed by const reference from then on.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "config/cidr.hpp"
#include "config/telegram_proxy.hpp"

namespace tglink {

struct Config {
  // --- Telegram (spec: Authentication) ---
  std::string bot_token;                           // BOT_TOKEN, secret
  std::int32_t api_id = 0;                         // API_ID
  std::string api_hash;                            // API_HASH, secret
  std::int64_t log_channel = 0;                    // LOG_CHANNEL, Bot API form (-100...)
  std::vector<std::string> additional_bot_tokens;  // ADDITIONAL_BOT_TOKENS, comma separated, secret
  std::vector<std::int64_t> admins;                // ADMINS, comma or space separated user ids
  // ALLOWED_USERS, like ADMINS: when set, only these users and the admins may make links.
  std::vector<std::int64_t> allowed_users;

  // --- HTTP ---
  std::string base_url = "http://localhost:8080";  // BASE_URL, no trailing slash
  std::uint16_t port = 8080;                       // PORT
  std::string bind_address = "0.0.0.0";            // BIND_ADDRESS
  std::vector<Cidr> trusted_proxies;               // TRUSTED_PROXIES, CIDR list
  // Per-IP token bucket: RATE_LIMIT_PER_MINUTE refill, RATE_LIMIT_BURST capacity. The defaults
  // leave room for a player that seeks many times a second.
  int rate_limit_per_minute = 600;
  int rate_limit_burst = 200;
  // MAX_CONNECTIONS: open HTTP connections at once, more are refused with 503; 0 (unset) = as
  // many as the open-file limit allows (ops/open_file_limit.hpp).
  int max_connections = 0;
  // WRITE_TIMEOUT: seconds a client may read nothing of a response before it is dropped. Long
  // enough for rate-limited clients, which read a burst as large as the kernel's buffers and
  // then pause (docs/reliability.md, Slow clients).
  std::chrono::seconds write_timeout{300};
  // SELF_TEST_INTERVAL: seconds between fetches of {BASE_URL}/_tglink/self-test (selftest/);
  // it also runs at start. 0 = at start only.
  std::chrono::seconds self_test_interval{300};

  // --- Features and limits (spec: Limits) ---
  // VIDEO_FRONTEND_URL: empty = built-in player at {BASE_URL}/player; "false" disables the button.
  std::string video_frontend_url;
  bool video_frontend_enabled = true;
  std::vector<std::int64_t> force_sub_channels;  // FORCE_SUB_CHANNEL / FORCE_SUB_CHANNELS
  // CHANNELS: the channels (-100… ids) where each new post with a file gets its links (channel
  // mode, chat/channel_posts.hpp); "*" (any_channel) = any channel an admin adds the bot to.
  // The bot leaves a channel it serves not. Empty and not "*" = channel mode off.
  std::vector<std::int64_t> channels;
  bool any_channel = false;
  int max_links_per_day = 0;      // MAX_LINKS_PER_DAY / USERS_DAILY_LIMIT; 0 = no limit
  double bandwidth_limit_gb = 0;  // BANDWIDTH_LIMIT_GB / MONTHLY_BANDWIDTH_LIMIT_GB; 0 = none
  // LINK_EXPIRY_DURATION: seconds or 30m, 12h, 7d; 0 or "false" = links never expire.
  std::chrono::seconds link_expiry{86400};
  // DASHBOARD_LINK_TTL: how long the link /dashboard answers may be opened (once); 1 min-24 h.
  std::chrono::seconds dashboard_link_ttl{900};
  // MAX_FILE_SIZE bytes. Telegram itself takes 2000 MiB from a sender, 4000 MiB from a Premium
  // one, so by default every file that reaches the bot is accepted; the setting only lowers it.
  std::int64_t max_file_size = 4'194'304'000;
  double cache_max_gb = 10;                // CACHE_MAX_GB, disk budget for TDLib's files
  int user_files_per_minute = 20;          // USER_FILES_PER_MINUTE, chat flood limit
  int broadcast_messages_per_second = 25;  // BROADCAST_MESSAGES_PER_SECOND, /broadcast pace

  // --- Storage and secrets ---
  std::filesystem::path data_dir = "./data";  // DATA_DIR
  std::string secret_key;                     // SECRET_KEY, secret; empty = generated in DATA_DIR
  // DATABASE_URL: postgresql://user:pass@host[:port]/db (or postgres://) puts the shared state in
  // PostgreSQL, for several nodes; empty = SQLite in DATA_DIR. Holds a password: log it only
  // through redact_database_url().
  std::string database_url;
  // STORE_POOL_SIZE: connections (each with a worker thread) the HTTP side and the periodic jobs
  // use on PostgreSQL, so that writes from many users don't queue behind one (ignored on SQLite).
  int store_pool_size = 4;
  // DATABASE_WAIT: seconds to keep trying a PostgreSQL server that does not answer yet at start
  // (it may start after tglink in compose or a pod); 0 = give up at once.
  std::chrono::seconds database_wait{60};
  // NODE_ID: this node's name in the leader lease and /api/info; default "<host name>:<PORT>".
  std::string node_id;

  // --- TDLib ---
  std::filesystem::path tdjson_path;  // TDJSON_PATH; default: the pinned npm copy
  bool tdlib_network_none = false;    // TDLIB_NETWORK=none: clients never go online
  // TELEGRAM_PROXY: every bot's TDLib goes through it (addProxy); holds secrets, log it only
  // through redacted_proxy_url().
  std::optional<TelegramProxy> telegram_proxy;

  // --- Metrics (metrics_settings.hpp) ---
  std::string metrics_token;       // METRICS_TOKEN, secret; empty = no /metrics on PORT
  std::string metrics_host;        // METRICS_ADDRESS's address; empty = no metrics listener
  std::uint16_t metrics_port = 0;  // METRICS_ADDRESS's port

  // --- Player conversions (docs/playback.md; config/playback_settings.hpp) ---
  std::string player_convert = "on";          // PLAYER_CONVERT: on, remux (remux only) or off
  std::string ffmpeg_path = "ffmpeg";         // FFMPEG_PATH: a name PATH finds, or a path
  std::string ffprobe_path;                   // FFPROBE_PATH; empty = "ffprobe" beside FFMPEG_PATH
  int transcode_slots = 0;                    // TRANSCODE_SLOTS; 0 (unset) = cores / 2, at least 1
  int remux_slots = 8;                        // REMUX_SLOTS
  int transcode_max_height = 720;             // TRANSCODE_MAX_HEIGHT, lines
  std::string transcode_preset = "veryfast";  // TRANSCODE_PRESET, an x264 preset
  std::int64_t hls_cache_mb = 2048;           // HLS_CACHE_MB: disk for converted segments
  // What each ffmpeg and ffprobe child may use (playback/child_confinement.hpp).
  std::int64_t converter_memory_mb = 4096;          // CONVERTER_MEMORY_MB: address space
  std::int64_t converter_cpu_per_media_second = 4;  // CONVERTER_CPU_PER_MEDIA_SECOND
  std::int64_t converter_file_mb = 1024;            // CONVERTER_FILE_MB: any one file written
  std::int64_t converter_open_files = 64;
  std::int64_t converter_min_free_mb =
      1024;  // CONVERTER_MIN_FREE_MB: DATA_DIR's floor           // CONVERTER_OPEN_FILES
  // CONVERTER_CONFINEMENT: "required" (no conversion where the kernel can't confine ffmpeg) or
  // "available" (convert with what the kernel has).
  std::string converter_confinement = "required";

  // --- Logging ---
  std::string log_level = "INFO";  // LOG_LEVEL: DEBUG, INFO, WARNING, ERROR, CRITICAL

  [[nodiscard]] bool link_expiry_enabled() const { return link_expiry.count() > 0; }
  [[nodiscard]] bool bandwidth_limit_enabled() const { return bandwidth_limit_gb > 0; }
  [[nodiscard]] bool force_subscribe_enabled() const { return !force_sub_channels.empty(); }
  [[nodiscard]] bool has_telegram_credentials() const { return !bot_token.empty(); }
  [[nodiscard]] bool uses_postgres() const { return !database_url.empty(); }
  [[nodiscard]] bool metrics_listener_enabled() const { return metrics_port != 0; }
  [[nodiscard]] bool is_admin(std::int64_t user_id) const;
  // Whether the user may make links: anyone without ALLOWED_USERS, else those listed and admins.
  [[nodiscard]] bool may_make_links(std::int64_t user_id) const;
  [[nodiscard]] bool channel_mode_enabled() const { return any_channel || !channels.empty(); }
  // Whether posts in this channel get links: listed in CHANNELS (or "*"), and not LOG_CHANNEL.
  [[nodiscard]] bool serves_channel(std::int64_t chat_id) const;
  // The page the "Play Video" button opens: VIDEO_FRONTEND_URL, or {BASE_URL}/player.
  [[nodiscard]] std::string player_url() const;
};

}  // namespace tglink
