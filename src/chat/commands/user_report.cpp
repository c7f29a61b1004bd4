#include "chat/commands/user_report.hpp"

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/uploads/link_reply.hpp"
#include "config/config.hpp"
#include "core/human_size.hpp"
#include "core/user_text.hpp"
#include "store/store.hpp"

namespace tglink {

namespace {

std::string at_unix(std::int64_t unix_seconds) {
  return format_minute_utc(SystemTime{std::chrono::seconds{unix_seconds}});
}

std::string who(const UserRecord& user) {
  std::string name = user.first_name.empty() ? std::string("no name")
                                             : text_for_chat(user.first_name, kQuotedTextUnits);
  if (!user.username.empty()) name += ", @" + text_for_chat(user.username, kQuotedTextUnits);
  return name;
}

std::string ban_line(const ChatContext& chat, std::int64_t user_id,
                     const std::optional<BanRecord>& ban) {
  if (chat.config.is_admin(user_id)) return "no (an admin)";
  if (!ban) return "no";
  return fmt::format("yes, since {} (by admin {})", at_unix(ban->banned_unix), ban->banned_by);
}

}  // namespace

boost::asio::awaitable<Reply> user_report(const ChatContext& chat, std::int64_t user_id) {
  std::optional<UserRecord> user;
  UserLinkTotals totals;
  std::optional<BanRecord> ban;
  co_await chat.on_store([&](Store& store) {
    user = store.find_user(user_id);
    totals = store.user_link_totals(user_id);
    ban = store.find_ban(user_id);
  });
  Reply reply;
  FormattedText& text = reply.text;
  text.bold(fmt::format("User {}", user_id));
  text.plain(user ? " (" + who(*user) + ")\n" : "\n");
  text.plain(fmt::format("• First seen: {}\n",
                         user ? at_unix(user->first_seen_unix) : "never wrote to this bot"));
  text.plain(fmt::format("• Links made: {}\n", user ? user->links_total : totals.links));
  text.plain(fmt::format("• Downloads of their links: {}\n", totals.downloads));
  text.plain(fmt::format("• Served through their links: {}\n", format_size(totals.bytes_served)));
  text.plain(fmt::format("• Banned: {}", ban_line(chat, user_id, ban)));
  co_return reply;
}

}  // namespace tglink
