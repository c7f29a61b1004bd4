#include "chat/uploads/upload_flow.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/messages/channel_post.hpp"
#include "chat/uploads/link_reply.hpp"
#include "chat/uploads/log_channel_copy.hpp"
#include "chat/uploads/split_part_name.hpp"
#include "config/config.hpp"
#include "core/time_format.hpp"
#include "core/unix_time.hpp"
#include "links/link_token.hpp"

namespace tglink {

PendingUpload pending_upload_of(const FileMessage& message, std::string stage, SystemTime now) {
  PendingUpload upload;
  upload.user_id = message.user_id;
  upload.chat_id = message.chat_id;
  upload.message_id = message.message_id;
  upload.file_kind = std::string(to_string(message.file.kind));
  upload.file_name = message.file.file_name;
  upload.mime_type = message.file.mime_type;
  upload.file_size = message.file.size;
  upload.stage = std::move(stage);
  // A split file's part is answered on its own (chat/uploads/split_upload.hpp), never in an
  // album's one reply, even when the parts were sent together as a media group.
  const bool split_part =
      !is_channel_chat(message.chat_id) && split_part_name(message.file.file_name).has_value();
  upload.album_id = split_part ? 0 : message.album_id;
  upload.batch_id = message.batch_id;
  upload.copy_message_id = message.copy_message_id;
  upload.received_unix = unix_seconds(now);
  return upload;
}

FileMessage file_message_of(const PendingUpload& upload) {
  FileMessage message;
  message.chat_id = upload.chat_id;
  message.user_id = upload.user_id;
  message.message_id = upload.message_id;
  message.file.kind = file_kind_named(upload.file_kind).value_or(FileKind::document);
  message.file.file_name = upload.file_name;
  message.file.mime_type = upload.mime_type;
  message.file.size = upload.file_size;
  message.album_id = upload.album_id;
  message.batch_id = upload.batch_id;
  return message;
}

std::optional<SystemTime> link_expiry_from(const ChatContext& chat, SystemTime now) {
  if (!chat.config.link_expiry_enabled()) return std::nullopt;
  return std::chrono::floor<std::chrono::seconds>(now) + chat.config.link_expiry;
}

MadeLink made_link(const ChatContext& chat, const IncomingFile& file, std::int64_t copy_message_id,
                   std::optional<SystemTime> expires_at) {
  MadeLink link{file, "", expires_at};
  link.token = chat.links.encode(LinkClaims{copy_message_id, link.expires_at});
  return link;
}

Reply made_link_reply(const ChatContext& chat, const IncomingFile& file,
                      std::int64_t copy_message_id, std::optional<SystemTime> expires_at) {
  return link_reply(chat.config, made_link(chat, file, copy_message_id, expires_at));
}

Reply made_link_reply(const ChatContext& chat, const IncomingFile& file,
                      std::int64_t copy_message_id) {
  return made_link_reply(chat, file, copy_message_id, link_expiry_from(chat, chat.clock.now()));
}

LinkRecord link_record_of(const PendingUpload& upload, std::optional<SystemTime> expires_at,
                          SystemTime now) {
  LinkRecord link;
  link.message_id = upload.copy_message_id;
  link.user_id = upload.user_id;
  link.file_name = upload.file_name;
  link.file_size = upload.file_size;
  link.created_unix = unix_seconds(now);
  link.expires_unix = expires_at ? unix_seconds(*expires_at) : 0;
  return link;
}

Reply copy_failed_reply(const CopyResult& result) {
  const TdError error = result.error.value_or(TdError{500, "unknown error"});
  Reply reply;
  reply.text.bold("Could not save your file").plain("\n");
  reply.text.plain(fmt::format(
      "Telegram refused to store it ({} {}) after {} attempt(s), so no link was made. Please "
      "send the file again in a minute.",
      error.code, error.message, result.attempts));
  return reply;
}

Reply rate_limited_reply(int per_minute, std::chrono::steady_clock::duration wait, bool queued) {
  const auto seconds =
      std::max(std::chrono::seconds(1), std::chrono::ceil<std::chrono::seconds>(wait));
  const std::string countdown = format_countdown(seconds);
  Reply reply;
  reply.text.bold("Rate limit exceeded").plain("\n");
  reply.text.plain(fmt::format("You can send {} files a minute. ", per_minute));
  reply.text.plain(queued ? fmt::format("Your file is queued and will be handled in {}.", countdown)
                          : fmt::format("Too many files are waiting already: please send this "
                                        "one again in {}.",
                                        countdown));
  return reply;
}

Reply late_link_reply(std::chrono::seconds expected) {
  return plain_reply(fmt::format("Telegram is slowing us down, your link comes in about {} s.",
                                 std::max<std::int64_t>(1, expected.count())));
}

}  // namespace tglink
