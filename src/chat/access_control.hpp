#pragma once
// Who may use the bot: ALLOWED_USERS (Config::may_make_links) limits who may make links, and
// admins may ban users (/ban, kept in the Store). A banned user's messages get one short answer
// and nothing else: no command runs, no file is taken, no button works. Admins are never
// treated as banned.
//
// Floods: a banned user who keeps writing is answered at most once per kBannedNoticeEvery
// (the messages in between are dropped without a word), so a ban cannot be turned into a way of
// making the bot send messages. The pace is kept in memory: a restart may answer once more.

#include <chrono>
#include <cstdint>
#include <map>

#include "chat/reply.hpp"
#include "core/clock.hpp"

namespace tglink {

struct Config;
class Store;

inline constexpr std::chrono::hours kBannedNoticeEvery{1};

// 'Not allowed': ALLOWED_USERS is set and the user is not on it; names the user's id, which is
// what an admin needs to add them.
[[nodiscard]] Reply not_allowed_reply(std::int64_t user_id);

// "You are banned from using this bot."
[[nodiscard]] Reply banned_reply();

// Whether the user is banned and not an admin. Throws StoreError when the store cannot say.
[[nodiscard]] bool is_banned(const Config& config, Store& store, std::int64_t user_id);

// When a banned user is answered: the first message, then at most once per kBannedNoticeEvery.
class BannedNotice {
 public:
  // True when the user should get banned_reply() now; records that they got it.
  [[nodiscard]] bool due(std::int64_t user_id, SteadyTime now);

 private:
  std::map<std::int64_t, SteadyTime> last_answered_;
};

}  // namespace tglink
