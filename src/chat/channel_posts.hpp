#pragma once
// Channel mode: every new post with a file in a channel listed in CHANNELS gets its links.
//
//   updateNewMessage, a channel post
//     -> a channel not served (not in CHANNELS, and not LOG_CHANNEL or a FORCE_SUB channel, which
//        the bot needs): left with leaveChat and a log line
//     -> a banned channel (/ban -100…): ignored
//     -> forwarded from elsewhere, already with buttons, no video/audio/document/photo: ignored
//     -> under CHANNELS=*, a channel not listed by id: served only for a sponsor, an
//        administrator who may use the bot in private (chat/channel_sponsor.hpp), who has also
//        joined the FORCE_SUB channels. Otherwise refused: a log line for each post and, at most
//        once a day per channel, one short notice in the channel saying why (its readers see
//        posts without links and its admins need to know; one a day is not spam). A channel
//        listed by id was vouched for by the operator, as ALLOWED_USERS vouches for a person:
//        it answers for itself.
//     -> a re-post of a file whose copy LOG_CHANNEL holds (same file_unique_id): that copy
//     -> UploadQueue, charged to the sponsor (a listed channel: to the channel), so the daily
//        limit and the flood limit count channel posts with the sponsor's private uploads: copy,
//        then the buttons on the post
//        (chat/uploads/channel_post_links.hpp); an album gets one reply under its first post
//   updateChatMember: the bot made an administrator of a channel not served: left at once
//   updateMessageEdited without a keyboard, of a post that had its buttons: the buttons put back
//     (an edit made in a Telegram app drops them), in the channel's budget
//
// A deleted post needs nothing: its links point at the copy in LOG_CHANNEL, and work until they
// expire or an admin revokes them.

#include <chrono>
#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "chat/access_control.hpp"
#include "chat/channel_sponsor.hpp"
#include "chat/chat_context.hpp"
#include "chat/force_subscription.hpp"
#include "chat/messages/channel_post.hpp"
#include "chat/uploads/upload_queue.hpp"

namespace tglink {

class ChannelPosts {
 public:
  // A channel told why its posts get no links is told again after this long at the earliest.
  static constexpr std::chrono::hours kRefusalNoticeEvery{24};

  ChannelPosts(const ChatContext& chat, UploadQueue& uploads, ForceSubscription& force_sub);

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
  // Who the post is charged to: the sponsor, or for a listed channel the channel itself; empty
  // when the post is refused (logged, and the channel told once a day).
  [[nodiscard]] boost::asio::awaitable<std::optional<std::int64_t>> charged_to(
      const ChannelPost& post);
  [[nodiscard]] boost::asio::awaitable<void> refuse(const ChannelPost& post, std::string why,
                                                    std::string notice);

  const ChatContext& chat_;
  UploadQueue& uploads_;
  ForceSubscription& force_sub_;
  ChannelSponsors sponsors_;
  NoticePace refusal_notices_{kRefusalNoticeEvery};  // keyed by channel
  std::set<std::int64_t> left_;         // channels left since start (one leaveChat each)
  std::set<std::int64_t> told_banned_;  // banned channels logged once
};

}  // namespace tglink
