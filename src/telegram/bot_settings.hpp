#pragma once
// Everything one bot's session needs from the Config, resolved once at start.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "config/telegram_proxy.hpp"

namespace tglink {

struct Config;

struct BotSettings {
  std::size_t index = 0;  // 0 = BOT_TOKEN (the main bot); i = the i-th ADDITIONAL_BOT_TOKENS entry
  std::int64_t bot_id = 0;  // the public id part of the token
  std::string token;        // secret: sent to TDLib only, never logged
  std::int32_t api_id = 0;
  std::string api_hash;                  // secret
  std::filesystem::path data_directory;  // <DATA_DIR>/tdlib/<bot id>/: TDLib's database and files
  bool network_none = false;             // TDLIB_NETWORK=none: the client never goes online
  std::optional<TelegramProxy> proxy;    // TELEGRAM_PROXY: sent with addProxy; holds secrets
};

// "main bot" or "additional bot #2": how logs and errors name a bot, never by its token.
[[nodiscard]] std::string bot_label(std::size_t index);

// The main bot first, then ADDITIONAL_BOT_TOKENS in their order. Throws std::invalid_argument
// naming the setting (never the token) when a token is not "<bot id>:<secret>", or when two
// tokens belong to the same bot (they would share one data directory).
[[nodiscard]] std::vector<BotSettings> bot_settings_from_config(const Config& config);

}  // namespace tglink
