#pragma once
// The requests that bring a bot's TDLib client from nothing to logged in, as DESIGN.md
// ("TDLib facts") prescribes them. Pure functions, so tests can read them.

#include <vector>

#include <boost/json/object.hpp>

#include "telegram/bot_settings.hpp"

namespace tglink {

struct TelegramProxy;

// setNetworkType(networkTypeNone): sent first, before setTdlibParameters, when network_none.
[[nodiscard]] boost::json::object network_none_request();

// setOption for ignore_file_names, disable_network_statistics, ignore_inline_thumbnails.
// TDLib accepts them before setTdlibParameters, so they go out with the first requests.
[[nodiscard]] std::vector<boost::json::object> option_requests();

// setTdlibParameters: one data directory per bot, the file database only (so partial downloads
// resume after a restart), no message or chat-info database.
[[nodiscard]] boost::json::object tdlib_parameters_request(const BotSettings& bot);

// addProxy(proxy, enable = true, comment) in TDLib 1.8.67's form, for TELEGRAM_PROXY. Sent with
// the first requests: TDLib answers it once setTdlibParameters is done, before the bot token.
[[nodiscard]] boost::json::object add_proxy_request(const TelegramProxy& proxy);

// checkAuthenticationBotToken with the bot's token.
[[nodiscard]] boost::json::object bot_token_request(const BotSettings& bot);

}  // namespace tglink
