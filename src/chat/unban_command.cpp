// /unban <user id or reply> (admins): lifts a /ban. Links revoked with the ban stay revoked.

#include <fmt/format.h>

#include "chat/ban_target.hpp"
#include "chat/chat_context.hpp"
#include "chat/default_commands.hpp"
#include "logging/log.hpp"
#include "store/store.hpp"

namespace tglink {

namespace {

constexpr std::string_view kUsage =
    "Usage: /unban <user id>, or reply to a message forwarded from the user with /unban.";

Reply unban(const CommandCall& call, std::int64_t user_id) {
  const bool was_banned = call.chat.store.unban_user(user_id);
  call.chat.bans->remove(user_id);
  if (!was_banned) {
    return plain_reply(fmt::format("User {} was not banned.", user_id));
  }
  call.chat.log.info("Admin {} unbanned user {}", call.user_id, user_id);
  return plain_reply(
      fmt::format("Unbanned user {}. Links revoked with the ban stay revoked.", user_id));
}

boost::asio::awaitable<void> run_unban(const CommandCall& call) {
  const std::optional<BanArguments> arguments = parse_ban_arguments(call.arguments, false);
  std::string problem;
  std::optional<std::int64_t> user;
  if (arguments) user = co_await target_user(call, *arguments, problem);
  Reply reply = !arguments ? plain_reply(kUsage)
                : user     ? unban(call, *user)
                           : plain_reply(problem + "\n" + std::string(kUsage));
  co_await call.chat.reply(call.chat_id, std::move(reply));
}

}  // namespace

ChatCommand unban_command() {
  return ChatCommand{"unban", "Lift a ban: /unban <user id>, or reply to their message",
                     Audience::admins, &run_unban};
}

}  // namespace tglink
