#include "chat/messages/channel_post.hpp"

#include "media/message_file.hpp"
#include "telegram/td_fields.hpp"

namespace tglink {

namespace json = boost::json;

namespace {

// Telegram's channel and supergroup ids in the Bot API form are below -10^12.
constexpr std::int64_t kChannelIdBase = -1'000'000'000'000;

}  // namespace

bool is_channel_chat(std::int64_t chat_id) { return chat_id < kChannelIdBase; }

std::optional<ChannelPost> channel_post(const json::object& update) {
  const json::object* message = td_object(update, "message");
  if (message == nullptr || !td_bool(*message, "is_channel_post").value_or(false)) {
    return std::nullopt;
  }
  if (td_bool(*message, "is_outgoing").value_or(false)) return std::nullopt;  // the bot's own
  ChannelPost post;
  post.chat_id = td_int53(*message, "chat_id").value_or(0);
  post.message_id = td_int53(*message, "id").value_or(0);
  if (!is_channel_chat(post.chat_id) || post.message_id == 0) return std::nullopt;
  if (const json::object* content = td_object(*message, "content")) {
    post.file = incoming_file(*content);
  }
  if (const std::optional<LocatedFile> located = file_from_message(*message)) {
    post.file_unique_id = located->file.unique_id;
  }
  post.media_album_id = td_int64(*message, "media_album_id").value_or(0);
  post.forwarded = td_object(*message, "forward_info") != nullptr;
  post.has_keyboard = td_object(*message, "reply_markup") != nullptr;
  return post;
}

bool is_linkable_in_channel(const IncomingFile& file) {
  switch (file.kind) {
    case FileKind::video:
    case FileKind::audio:
    case FileKind::document:
    case FileKind::photo:
      return true;
    default:
      return false;
  }
}

}  // namespace tglink
