#pragma once
// Channel mode: every new post with a file in a channel listed in CHANNELS gets its links.
//
//   updateNewMessage, a channel post
//     -> a channel not served (not in CHANNELS, and not LOG_CHANNEL or a FORCE_SUB channel, which
//        the bot needs): left with leaveChat and a log line
//     -> a banned channel (/ban -100…): ignored
//     -> forwarded from elsewhere, already with buttons, no video/audio/document/photo: ignored
//     -> a re-post of a file whose copy LOG_CHANNEL holds (same file_unique_id): that copy
//     -> UploadQueue, charged to the channel: copy, then the buttons on the post
//        (chat/uploads/channel_post_links.hpp); an album gets one reply under its first post
//   updateChatMember: the bot made an administrator of a channel not served: left at once
//   updateMessageEdited without a keyboard, of a post that had its buttons: the buttons put back
//     (an edit made in a Telegram app drops them), in the channel's budget
//
// A deleted post needs nothing: its links point at the copy in LOG_CHANNEL, and work until they
// expire or an admin revokes them.

#include <cstdint>
#include <set>

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "chat/chat_context.hpp"
#include "chat/messages/channel_post.hpp"
#include "chat/uploads/upload_queue.hpp"

namespace tglink {

class ChannelPosts {
 public:
  ChannelPosts(const ChatContext& chat, UploadQueue& uploads);

  // updateNewMessage with a channel post.
  [[nodiscard]] boost::asio::awaitable<void> on_post(ChannelPost post);
  // updateMessageEdited in a channel.
  [[nodiscard]] boost::asio::awaitable<void> on_edited(boost::json::object update);
  // updateChatMember: the bot's own membership of a chat changed.
  [[nodiscard]] boost::asio::awaitable<void> on_member_update(boost::json::object update);

 private:
  // Whether the bot stays in the channel without serving it (LOG_CHANNEL, forced subscription).
  [[nodiscard]] bool needed_elsewhere(std::int64_t chat_id) const;
  [[nodiscard]] boost::asio::awaitable<void> leave(std::int64_t chat_id);

  const ChatContext& chat_;
  UploadQueue& uploads_;
  std::set<std::int64_t> left_;         // channels left since start (one leaveChat each)
  std::set<std::int64_t> told_banned_;  // banned channels logged once
};

}  // namespace tglink
