#pragma once
// The parts of TDLib's updateNewMessage the chat side acts on, and which messages it ignores:
// only incoming messages from a user in their private chat with the bot are handled.

#include <cstdint>
#include <optional>
#include <string>

#include <boost/json/object.hpp>

namespace tglink {

struct IncomingMessage {
  std::int64_t chat_id = 0;
  std::int64_t user_id = 0;
  std::int64_t message_id = 0;
  boost::json::object content;
  std::string text;                      // the text of a messageText; empty otherwise
  std::int64_t reply_to_message_id = 0;  // messageReplyToMessage in this chat, else 0
  // Messages of one album (media group) share this id; 0 for a message sent on its own.
  std::int64_t media_album_id = 0;
};

// nullopt for the bot's own messages, channel posts, groups and anything without a user sender.
[[nodiscard]] std::optional<IncomingMessage> private_message(const boost::json::object& update);

}  // namespace tglink
