#include "telegram/bot_settings.hpp"

#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "config/config.hpp"
#include "telegram/bot_token.hpp"

namespace tglink {
namespace {

std::string setting_name(std::size_t index) {
  return index == 0 ? std::string("BOT_TOKEN")
                    : fmt::format("ADDITIONAL_BOT_TOKENS entry #{}", index);
}

BotSettings settings_for(const Config& config, std::size_t index, const std::string& token) {
  const std::optional<std::int64_t> bot_id = bot_id_from_token(token);
  if (!bot_id) {
    throw std::invalid_argument(
        fmt::format("{} is not a bot token: expected <bot id>:<secret>, as @BotFather gives it",
                    setting_name(index)));
  }
  BotSettings settings;
  settings.index = index;
  settings.bot_id = *bot_id;
  settings.token = token;
  settings.api_id = config.api_id;
  settings.api_hash = config.api_hash;
  settings.data_directory = config.data_dir / "tdlib" / std::to_string(*bot_id);
  settings.network_none = config.tdlib_network_none;
  settings.proxy = config.telegram_proxy;
  return settings;
}

}  // namespace

std::string bot_label(std::size_t index) {
  return index == 0 ? std::string("main bot") : fmt::format("additional bot #{}", index);
}

std::vector<BotSettings> bot_settings_from_config(const Config& config) {
  std::vector<BotSettings> bots;
  bots.push_back(settings_for(config, 0, config.bot_token));
  for (std::size_t i = 0; i < config.additional_bot_tokens.size(); ++i) {
    bots.push_back(settings_for(config, i + 1, config.additional_bot_tokens[i]));
  }
  std::set<std::int64_t> seen;
  for (const BotSettings& bot : bots) {
    if (!seen.insert(bot.bot_id).second) {
      throw std::invalid_argument(fmt::format("{} is bot {} again; every token must be another bot",
                                              setting_name(bot.index), bot.bot_id));
    }
  }
  return bots;
}

}  // namespace tglink
