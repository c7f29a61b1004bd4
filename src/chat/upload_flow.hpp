#pragma once
// One file, from the user's message to the reply with its links:
//   limits (size, monthly bandwidth, daily count) -> copy into LOG_CHANNEL, confirmed ->
//   count the link -> sign the token -> reply with the links.
// Forced subscription and the flood limit are checked before this (ChatService), since a file
// held back by them waits rather than being refused.

#include <cstdint>

#include <boost/asio/awaitable.hpp>

#include "chat/incoming_file.hpp"
#include "chat/reply.hpp"
#include "core/clock.hpp"

namespace tglink {

struct ChatContext;
class LogChannelCopier;
struct CopyResult;

// A file message in a private chat with the bot.
struct FileMessage {
  std::int64_t chat_id = 0;
  std::int64_t user_id = 0;
  std::int64_t message_id = 0;  // TDLib id in the user's chat
  IncomingFile file;
};

[[nodiscard]] boost::asio::awaitable<void> run_upload(const ChatContext& chat,
                                                      LogChannelCopier& copier,
                                                      FileMessage message);

// The expiry a new link gets: now + LINK_EXPIRY_DURATION, or none when links do not expire.
[[nodiscard]] std::optional<SystemTime> link_expiry_from(const ChatContext& chat, SystemTime now);

// The reply when the copy into the log channel failed for good.
[[nodiscard]] Reply copy_failed_reply(const CopyResult& result);

}  // namespace tglink
