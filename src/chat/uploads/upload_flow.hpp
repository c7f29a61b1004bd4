#pragma once
// One file, from the user's message to the reply with its links, and everything the user is
// told on the way. The steps are run by UploadQueue (chat/uploads/upload_queue.hpp):
//   forced subscription (held until "I've joined") -> limits (size, monthly bandwidth, daily
//   count) -> its turn (the user's flood limit, LOG_CHANNEL's post rate, round-robin between
//   users) -> copy into LOG_CHANNEL, confirmed -> sign the token -> reply -> count the link.

#include <chrono>
#include <cstdint>
#include <optional>

#include "chat/messages/incoming_file.hpp"
#include "chat/messages/reply.hpp"
#include "chat/uploads/link_reply.hpp"
#include "core/clock.hpp"
#include "store/store.hpp"

namespace tglink {

struct ChatContext;
struct CopyResult;

// A file message in a private chat with the bot, or a post in a channel (channel mode: chat_id
// and user_id are both the channel's, which is charged for the link).
struct FileMessage {
  std::int64_t chat_id = 0;
  std::int64_t user_id = 0;
  std::int64_t message_id = 0;  // TDLib id in the user's chat
  IncomingFile file;
  std::int64_t album_id = 0;  // media_album_id: the album's files get one reply together
  std::int64_t batch_id = 0;  // the user's open /batch: the file joins it instead of a reply
  // A re-post of a file LOG_CHANNEL holds already (channel mode): that copy, used again.
  std::int64_t copy_message_id = 0;
};

// The store's row for a file just received, at `stage` ("held" or "queued").
[[nodiscard]] PendingUpload pending_upload_of(const FileMessage& message, std::string stage,
                                              SystemTime now);
// The file a stored upload is about (a kind this tglink does not know reads as a document).
[[nodiscard]] FileMessage file_message_of(const PendingUpload& upload);

// The expiry a new link gets: now + LINK_EXPIRY_DURATION, or none when links do not expire.
[[nodiscard]] std::optional<SystemTime> link_expiry_from(const ChatContext& chat, SystemTime now);

// The link to the confirmed copy `copy_message_id` (signs the token), expiring at `expires_at`.
[[nodiscard]] MadeLink made_link(const ChatContext& chat, const IncomingFile& file,
                                 std::int64_t copy_message_id,
                                 std::optional<SystemTime> expires_at);

// The reply with the links to the confirmed copy `copy_message_id` (signs the token), expiring
// at `expires_at` (link_expiry_from).
[[nodiscard]] Reply made_link_reply(const ChatContext& chat, const IncomingFile& file,
                                    std::int64_t copy_message_id,
                                    std::optional<SystemTime> expires_at);
[[nodiscard]] Reply made_link_reply(const ChatContext& chat, const IncomingFile& file,
                                    std::int64_t copy_message_id);

// The store's record of the link just made for the posted upload (Store::add_link).
[[nodiscard]] LinkRecord link_record_of(const PendingUpload& upload,
                                        std::optional<SystemTime> expires_at, SystemTime now);

// The reply when the copy into the log channel failed for good.
[[nodiscard]] Reply copy_failed_reply(const CopyResult& result);

// 'Rate limit exceeded' (USER_FILES_PER_MINUTE): the file is queued and handled in `wait`, or,
// when the user's queue is full, to be sent again in `wait`.
[[nodiscard]] Reply rate_limited_reply(int per_minute, std::chrono::steady_clock::duration wait,
                                       bool queued);

// "Telegram is slowing us down, your link comes in about N s."
[[nodiscard]] Reply late_link_reply(std::chrono::seconds expected);

}  // namespace tglink
