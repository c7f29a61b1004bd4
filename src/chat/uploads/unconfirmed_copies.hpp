#pragma once
// Finds in LOG_CHANNEL the copies that a process killed while uploads were "posting" requested
// but never saw confirmed, so that they are adopted instead of posted a second time.
//
// Why it can be proved: the uploads' copies go into LOG_CHANNEL one at a time (UploadQueue),
// and a channel's message ids are one ascending sequence. So a copy still unconfirmed at the
// kill, if Telegram took it at all, is a message after the last confirmed one
// (Store::last_log_channel_post). A bot cannot list a chat's history (getChatHistory and
// searchChatMessages answer 400 "The method is not available to bots"), but it may read any
// message of a channel it administers by id: getMessage asks Telegram for ids TDLib does not
// hold. So the ids after the last confirmed post are read one by one until misses_to_stop ids
// in a row do not exist (404 "Not Found": past the newest message, or deleted), and a post is
// matched to an upload by its file's remote unique id, which is the same in the user's message
// and in the copy. Each post is adopted by at most one upload, oldest upload first.
//
// What it cannot see: posts after a run of misses_to_stop deleted messages, and posts beyond
// max_scanned ids (others posting into LOG_CHANNEL meanwhile): those uploads are posted again.
// An upload whose own message is gone (the user deleted it) cannot be matched; its copy fails as
// it would have anyway.

#include <cstdint>
#include <map>
#include <vector>

#include <boost/asio/awaitable.hpp>

#include "telegram/telegram_client.hpp"

namespace tglink {

// An upload whose copy was requested and not confirmed: the user's message.
struct UnconfirmedCopy {
  std::int64_t upload_id = 0;
  std::int64_t chat_id = 0;
  std::int64_t message_id = 0;  // TDLib id
};

struct CopySearchLimits {
  int misses_to_stop = 5;  // ids in a row that do not exist
  int max_scanned = 500;   // ids read at most
};

// upload_id -> the LOG_CHANNEL message (TDLib id) adopted as its copy. `after_message_id` is the
// last confirmed post (TDLib id, 0 for none). Uploads not in the answer were not found.
[[nodiscard]] boost::asio::awaitable<std::map<std::int64_t, std::int64_t>> find_unconfirmed_copies(
    TelegramClient& client, std::int64_t log_channel, std::int64_t after_message_id,
    std::vector<UnconfirmedCopy> uploads, CopySearchLimits limits = {});

}  // namespace tglink
