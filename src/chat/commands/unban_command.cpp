// /unban <user id or reply> (admins): lifts a /ban. Links revoked with the ban stay revoked.

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/commands/ban_target.hpp"
#include "chat/commands/default_commands.hpp"
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

boost::asio::awaitable<void> run_unban(const CommandCall& call) {
  const std::optional<BanArguments> arguments = parse_ban_arguments(call.arguments, false);
  std::string problem;
  std::optional<std::int64_t> user;
  if (arguments) user = co_await target_user(call, *arguments, problem);
  Reply reply = plain_reply(kUsage);
  if (arguments && user) {
    reply = co_await unban(call, *user);
  } else if (arguments) {
    reply = plain_reply(problem + "\n" + std::string(kUsage));
  }
  co_await call.chat.reply(call.chat_id, std::move(reply));
}

}  // namespace

ChatCommand unban_command() {
  return ChatCommand{"unban", "Lift a ban: /unban <user or channel id>, or reply to their message",
                     Audience::admins, &run_unban};
}

}  // namespace tglink
