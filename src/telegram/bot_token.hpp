#pragma once
// What tglink may know about a bot token without using it: a token is "<bot user id>:<secret>",
// and the id part is public (it is the bot's user id), so it can name the bot's data directory
// and appear in logs. The secret part never leaves this process except to TDLib.

#include <cstdint>
#include <optional>
#include <string_view>

namespace tglink {

// The bot's user id, or nullopt when the token is not "<digits>:<non-empty secret>".
[[nodiscard]] std::optional<std::int64_t> bot_id_from_token(std::string_view token);

}  // namespace tglink
