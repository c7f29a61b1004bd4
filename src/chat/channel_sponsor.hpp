#pragma once
// Who answers for a channel under CHANNELS=*: anyone can make a channel and add the bot, so a
// channel is served only when one of its administrators would be allowed to use the bot in
// private. That person is the channel's sponsor: its posts are charged to them (the daily link
// limit, the flood limit, /mylinks) and they must have joined the forced-subscription channels.
//
//   the owner banned                        -> refused: a ban follows the person, and the owner
//                                              picks the other administrators
//   the owner a person who may use the bot  -> the owner
//   else the lowest id among the other administrators who are people (not bots), on
//        ALLOWED_USERS when it is set, and not banned   -> that one (stable: the same person is
//                                              charged post after post)
//   none                                    -> refused
//
// The administrators come from getChatAdministrators and are kept kKeepFor, so a burst of posts
// asks once (posts that come while the question is out wait for its answer); a failed answer is
// kept as long, so a channel that cannot be asked is not asked for every post. ALLOWED_USERS and
// bans are applied at each post, so a /ban works at once. At most kMaxKept channels are kept; past
// that the stale ones are dropped.

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>

#include "core/clock.hpp"

namespace tglink {

struct ChatContext;

struct ChannelSponsor {
  std::optional<std::int64_t> user_id;  // empty: the channel is not served
  std::string refusal;                  // why not, for the log
};

class ChannelSponsors {
 public:
  static constexpr std::chrono::minutes kKeepFor{10};
  static constexpr std::size_t kMaxKept = 1000;

  explicit ChannelSponsors(const ChatContext& chat);
  ~ChannelSponsors() { *alive_ = false; }
  ChannelSponsors(const ChannelSponsors&) = delete;
  ChannelSponsors& operator=(const ChannelSponsors&) = delete;

  [[nodiscard]] boost::asio::awaitable<ChannelSponsor> sponsor_of(std::int64_t chat_id);

 private:
  struct Administrator {
    std::int64_t user_id = 0;
    bool is_owner = false;
  };
  struct Kept {
    SteadyTime fetched{};
    std::optional<std::vector<Administrator>> administrators;  // empty: Telegram refused
    std::string error;
  };

  // A copy: the map may change while the caller awaits.
  [[nodiscard]] boost::asio::awaitable<Kept> administrators(std::int64_t chat_id);
  [[nodiscard]] boost::asio::awaitable<Kept> ask_telegram(std::int64_t chat_id, SteadyTime now);
  // Whether the user may use the bot in private: on ALLOWED_USERS (when set) and not banned.
  [[nodiscard]] bool may_use_bot(std::int64_t user_id) const;
  [[nodiscard]] boost::asio::awaitable<bool> is_person(std::int64_t user_id);
  void drop_stale(SteadyTime now);

  const ChatContext& chat_;
  std::map<std::int64_t, Kept> kept_;
  // Questions out, by channel: a timer that never fires, cancelled when the answer is kept.
  std::map<std::int64_t, std::shared_ptr<boost::asio::steady_timer>> asking_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace tglink
