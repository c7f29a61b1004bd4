#include "chat/messages/incoming_message.hpp"

#include "telegram/td_fields.hpp"

namespace tglink {

namespace json = boost::json;

std::optional<IncomingMessage> private_message(const json::object& update) {
  const json::object* message = td_object(update, "message");
  if (message == nullptr || td_bool(*message, "is_outgoing").value_or(false)) return std::nullopt;
  if (td_string(*message, "sender_id.@type") != "messageSenderUser") return std::nullopt;
  IncomingMessage incoming;
  incoming.chat_id = td_int53(*message, "chat_id").value_or(0);
  incoming.user_id = td_int53(*message, "sender_id.user_id").value_or(0);
  incoming.message_id = td_int53(*message, "id").value_or(0);
  // A private chat's id is the user's id; groups and channels have negative ids.
  if (incoming.chat_id <= 0 || incoming.chat_id != incoming.user_id) return std::nullopt;
  if (const json::object* content = td_object(*message, "content")) incoming.content = *content;
  incoming.text = td_string(incoming.content, "text.text").value_or("");
  if (td_int53(*message, "reply_to.chat_id") == incoming.chat_id) {
    incoming.reply_to_message_id = td_int53(*message, "reply_to.message_id").value_or(0);
  }
  incoming.media_album_id = td_int64(*message, "media_album_id").value_or(0);
  return incoming;
}

}  // namespace tglink
