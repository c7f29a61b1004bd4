#include "chat/access_control.hpp"

#include <fmt/format.h>

#include "chat/ban_list.hpp"
#include "config/config.hpp"

namespace tglink {

Reply not_allowed_reply(std::int64_t user_id) {
  Reply reply;
  reply.text.bold("Not allowed").plain("\n");
  reply.text.plain(fmt::format(
      "This bot makes links only for the users its admins allow. Your user id is {}: send it "
      "to an admin if you should be on the list.",
      user_id));
  return reply;
}

Reply banned_reply() { return plain_reply("You are banned from using this bot."); }

bool is_banned(const Config& config, const BanList& bans, std::int64_t user_id) {
  if (config.is_admin(user_id)) return false;
  return bans.contains(user_id);
}

bool NoticePace::due(std::int64_t user_id, SteadyTime now) {
  if (last_answered_.size() > kForgetAbove) {
    std::erase_if(last_answered_, [&](const auto& entry) { return now - entry.second >= every_; });
  }
  const auto [entry, first] = last_answered_.try_emplace(user_id, now);
  if (first) return true;
  if (now - entry->second < every_) return false;
  entry->second = now;
  return true;
}

}  // namespace tglink
