#include "chat/upload_flow.hpp"

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/link_reply.hpp"
#include "chat/log_channel_copy.hpp"
#include "chat/upload_limits.hpp"
#include "config/config.hpp"
#include "core/time_format.hpp"
#include "links/link_token.hpp"
#include "logging/log.hpp"
#include "store/store.hpp"

namespace tglink {

namespace asio = boost::asio;

std::optional<SystemTime> link_expiry_from(const ChatContext& chat, SystemTime now) {
  if (!chat.config.link_expiry_enabled()) return std::nullopt;
  return std::chrono::floor<std::chrono::seconds>(now) + chat.config.link_expiry;
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

namespace {

// Counts the link and signs its token; answers the reply to send.
Reply make_link(const ChatContext& chat, const FileMessage& message, std::int64_t copy_id) {
  const SystemTime now = chat.clock.now();
  chat.store.record_link(message.user_id, format_day_utc(now));
  MadeLink link{message.file, "", link_expiry_from(chat, now)};
  link.token = chat.links.encode(LinkClaims{copy_id, link.expires_at});
  chat.log.info("User {}: {} {} ({} bytes) -> log message {}", message.user_id,
                to_string(message.file.kind), message.file.file_name, message.file.size, copy_id);
  return link_reply(chat.config, link);
}

}  // namespace

asio::awaitable<void> run_upload(const ChatContext& chat, LogChannelCopier& copier,
                                 FileMessage message) {
  std::optional<Reply> refused =
      check_upload_limits(chat.config, chat.store, message.file, message.user_id, chat.clock.now());
  if (refused) {
    co_await chat.reply(message.chat_id, std::move(*refused));
    co_return;
  }
  const CopyResult copied = co_await copier.copy(message.chat_id, message.message_id);
  if (!copied.message_id) {
    chat.log.warning("User {}: copy into the log channel failed: {} {}", message.user_id,
                     copied.error ? copied.error->code : 0,
                     copied.error ? copied.error->message : std::string());
    Reply failed = copy_failed_reply(copied);
    co_await chat.reply(message.chat_id, std::move(failed));
    co_return;
  }
  Reply made = make_link(chat, message, *copied.message_id);
  co_await chat.reply(message.chat_id, std::move(made));
}

}  // namespace tglink
