#pragma once
// Who may use the bot: ALLOWED_USERS (Config::may_make_links) limits who may make links, and
// admins may ban users (/ban, kept in the Store and in memory: chat/ban_list.hpp). A banned user's
// messages get one short answer and nothing else: no command runs, no file is taken, no button
// works. Admins are never treated as banned.
//
// Floods: a banned user who keeps writing is answered at most once per kBannedNoticeEvery
// (the messages in between are dropped without a word), so a ban cannot be turned into a way of
// making the bot send messages; a user not on ALLOWED_USERS who keeps sending files is told at
// most once per kNotAllowedNoticeEvery. The pace is kept in memory: a restart may answer once
// more.

#include <chrono>
#include <cstdint>
#include <map>

#include "chat/messages/reply.hpp"
#include "core/clock.hpp"

namespace tglink {

class BanList;
struct Config;

inline constexpr std::chrono::seconds kBannedNoticeEvery{3600};
inline constexpr std::chrono::seconds kNotAllowedNoticeEvery{60};

// 'Not allowed': ALLOWED_USERS is set and the user is not on it; names the user's id, which is
// what an admin needs to add them.
[[nodiscard]] Reply not_allowed_reply(std::int64_t user_id);

// "You are banned from using this bot."
[[nodiscard]] Reply banned_reply();

// Whether the user is banned (chat/ban_list.hpp) and not an admin.
[[nodiscard]] bool is_banned(const Config& config, const BanList& bans, std::int64_t user_id);

// When a refused user is answered: the first time, then at most once per `every`.
class NoticePace {
 public:
  explicit NoticePace(std::chrono::seconds every) : every_(every) {}

  // True when the user should be answered now; records that they were.
  [[nodiscard]] bool due(std::int64_t user_id, SteadyTime now);

 private:
  // Past this many users, those answered longer than `every` ago are forgotten (they would be
  // answered again anyway), so a stream of new accounts cannot grow the map without end.
  static constexpr std::size_t kForgetAbove = 10000;

  std::chrono::seconds every_;
  std::map<std::int64_t, SteadyTime> last_answered_;
};

}  // namespace tglink
