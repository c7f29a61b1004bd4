#pragma once
// Loading what TDLib must hold in memory before a message can be copied or edited. TDLib uses
// only the chats it has loaded since it started (tglink keeps no chat database, so after a
// restart it knows none: a copy to a user who has not written since fails with "Chat to forward
// messages to not found"), and a bot's TDLib unloads messages unused for about 30 minutes (a
// forward of one answers null). Loading is cheap when the chat or message is already there.

#include <cstdint>
#include <optional>

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "telegram/telegram_client.hpp"

namespace tglink {

// getChat: a bot may fetch any chat by id from Telegram (one network request), which loads it;
// createPrivateChat would not do, since without a chat info database TDLib answers "Chat info not
// found" for a user it has not met since it started.
[[nodiscard]] boost::json::object load_chat_request(std::int64_t chat_id);
// getMessage(chat_id, message_id).
[[nodiscard]] boost::json::object load_message_request(std::int64_t chat_id,
                                                       std::int64_t message_id);

// Loads the chat; the error when TDLib cannot.
[[nodiscard]] boost::asio::awaitable<std::optional<TdError>> load_chat(TelegramClient& client,
                                                                       std::int64_t chat_id);
// Loads the chat, then the message in it; the first error when TDLib cannot.
[[nodiscard]] boost::asio::awaitable<std::optional<TdError>> load_message(TelegramClient& client,
                                                                          std::int64_t chat_id,
                                                                          std::int64_t message_id);

}  // namespace tglink
