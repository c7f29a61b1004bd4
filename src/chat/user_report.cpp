#include "chat/user_report.hpp"

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/link_reply.hpp"
#include "config/config.hpp"
#include "core/human_size.hpp"
#include "store/store.hpp"

namespace tglink {

namespace {

std::string at_unix(std::int64_t unix_seconds) {
  return format_minute_utc(SystemTime{std::chrono::seconds{unix_seconds}});
}

std::string who(const UserRecord& user) {
  std::string name = user.first_name.empty() ? std::string("no name") : user.first_name;
  if (!user.username.empty()) name += ", @" + user.username;
  return name;
}

std::string ban_line(const ChatContext& chat, std::int64_t user_id) {
  if (chat.config.is_admin(user_id)) return "no (an admin)";
  const std::optional<BanRecord> ban = chat.store.find_ban(user_id);
  if (!ban) return "no";
  return fmt::format("yes, since {} (by admin {})", at_unix(ban->banned_unix), ban->banned_by);
}

}  // namespace

Reply user_report(const ChatContext& chat, std::int64_t user_id) {
  const std::optional<UserRecord> user = chat.store.find_user(user_id);
  const UserLinkTotals totals = chat.store.user_link_totals(user_id);
  Reply reply;
  FormattedText& text = reply.text;
  text.bold(fmt::format("User {}", user_id));
  text.plain(user ? " (" + who(*user) + ")\n" : "\n");
  text.plain(fmt::format("• First seen: {}\n",
                         user ? at_unix(user->first_seen_unix) : "never wrote to this bot"));
  text.plain(fmt::format("• Links made: {}\n", user ? user->links_total : totals.links));
  text.plain(fmt::format("• Downloads of their links: {}\n", totals.downloads));
  text.plain(fmt::format("• Served through their links: {}\n", format_size(totals.bytes_served)));
  text.plain(fmt::format("• Banned: {}", ban_line(chat, user_id)));
  return reply;
}

}  // namespace tglink
