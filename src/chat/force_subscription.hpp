#pragma once
// Forced subscription (FORCE_SUB_CHANNELS): before the bot serves a user it checks, each time,
// that the user is a member of every required channel (getChatMember). A non-member gets
// 'Join required channels' with one join button per channel and an "I've joined" button whose
// callback re-checks (see ChatService). Files and most commands wait for that button; /start and
// /help answer anyway (ChatCommand::before_joining).
//
// Join links: the channel's public username (https://t.me/<name>) when it has one, otherwise an
// invite link the bot creates (it must be an administrator there, which start-up checks). Both
// are looked up once and kept.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <boost/asio/awaitable.hpp>

#include "chat/messages/reply.hpp"

namespace tglink {

struct ChatContext;

class ForceSubscription {
 public:
  // The callback data of the "I've joined" button.
  static constexpr const char* kJoinedData = "fsub:joined";

  explicit ForceSubscription(const ChatContext& chat);

  // The required channels the user is not a member of; empty when the feature is off and for
  // admins (ADMINS), who are exempt. A channel the bot cannot check (not an administrator) is
  // logged and not held against the user.
  [[nodiscard]] boost::asio::awaitable<std::vector<std::int64_t>> missing_channels(
      std::int64_t user_id);

  // 'Join required channels' with a join button per channel and the "I've joined" button.
  // `what_waits` ("Your file", "Your command") names what is held until then; empty when
  // nothing is.
  [[nodiscard]] boost::asio::awaitable<Reply> join_prompt(std::vector<std::int64_t> channels,
                                                          std::string what_waits);

 private:
  [[nodiscard]] boost::asio::awaitable<bool> is_member(std::int64_t channel, std::int64_t user_id);
  [[nodiscard]] boost::asio::awaitable<std::string> join_link(std::int64_t channel);
  [[nodiscard]] boost::asio::awaitable<std::string> public_link(std::int64_t channel);
  [[nodiscard]] boost::asio::awaitable<std::string> invite_link(std::int64_t channel);

  const ChatContext& chat_;
  std::map<std::int64_t, std::string> links_;  // channel -> join link, once found
};

// Whether a chatMember's status counts as being in the channel.
[[nodiscard]] bool is_member_status(const boost::json::object& chat_member);

}  // namespace tglink
