// /unban <user id or reply> (admins): lifts a /ban. Links revoked with the ban stay revoked.

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/commands/ban_target.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/commands/reply_command.hpp"
#include "logging/log.hpp"
#include "store/store.hpp"

namespace tglink {

namespace {

constexpr std::string_view kUsage =
    "Usage: /unban <user or channel id>, or reply to a message forwarded from the user with "
    "/unban.";

boost::asio::awaitable<Reply> unban(const CommandCall& call, std::int64_t user_id) {
  bool was_banned = false;
  co_await call.chat.on_store([&](Store& store) { was_banned = store.unban_user(user_id); });
  call.chat.bans->remove(user_id);
  if (!was_banned) {
    co_return plain_reply(fmt::format("User {} was not banned.", user_id));
  }
  call.chat.log.info("Admin {} unbanned user {}", call.user_id, user_id);
  co_return plain_reply(
      fmt::format("Unbanned user {}. Links revoked with the ban stay revoked.", user_id));
}

boost::asio::awaitable<Reply> unban_reply(const CommandCall& call) {
  return reply_about_target(
      call, false, kUsage,
      [&call](std::int64_t user_id, const BanArguments&) { return unban(call, user_id); });
}

}  // namespace

ChatCommand unban_command() {
  return ChatCommand{"unban", "Lift a ban: /unban <user or channel id>, or reply to their message",
                     Audience::admins, &answered_with<unban_reply>};
}

}  // namespace tglink
