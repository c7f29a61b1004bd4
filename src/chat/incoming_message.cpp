#include "chat/incoming_message.hpp"

#include <charconv>

namespace tglink {

namespace json = boost::json;

namespace {

const json::object& object_at(const json::object& object, std::string_view key) {
  static const json::object kEmpty;
  const json::value* value = object.if_contains(key);
  return value != nullptr && value->is_object() ? value->get_object() : kEmpty;
}

std::int64_t int_at(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  return value != nullptr && value->is_int64() ? value->get_int64() : 0;
}

bool bool_at(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  return value != nullptr && value->is_bool() && value->get_bool();
}

// TDLib writes int64 fields as JSON strings ("media_album_id": "13...").
std::int64_t int64_string_at(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  if (value == nullptr) return 0;
  if (value->is_int64()) return value->get_int64();
  if (!value->is_string()) return 0;
  const json::string& text = value->get_string();
  std::int64_t parsed = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), parsed);
  return error == std::errc() && end == text.data() + text.size() ? parsed : 0;
}

}  // namespace

std::optional<IncomingMessage> private_message(const json::object& update) {
  const json::object& message = object_at(update, "message");
  if (message.empty() || bool_at(message, "is_outgoing")) return std::nullopt;
  const json::object& sender = object_at(message, "sender_id");
  const json::value* type = sender.if_contains("@type");
  if (type == nullptr || !type->is_string() || type->get_string() != "messageSenderUser") {
    return std::nullopt;
  }
  IncomingMessage incoming;
  incoming.chat_id = int_at(message, "chat_id");
  incoming.user_id = int_at(sender, "user_id");
  incoming.message_id = int_at(message, "id");
  // A private chat's id is the user's id; groups and channels have negative ids.
  if (incoming.chat_id <= 0 || incoming.chat_id != incoming.user_id) return std::nullopt;
  incoming.content = object_at(message, "content");
  const json::value* text = object_at(incoming.content, "text").if_contains("text");
  if (text != nullptr && text->is_string()) incoming.text = std::string(text->get_string());
  const json::object& reply_to = object_at(message, "reply_to");
  if (int_at(reply_to, "chat_id") == incoming.chat_id) {
    incoming.reply_to_message_id = int_at(reply_to, "message_id");
  }
  incoming.media_album_id = int64_string_at(message, "media_album_id");
  return incoming;
}

}  // namespace tglink
