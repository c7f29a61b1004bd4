// /ban <user id or reply> [revoke] (admins): the user's messages get one short answer and
// nothing else from now on (chat/access_control.hpp); with "revoke", every link the user made
// that still works stops working too. The ban is kept in the store until /unban.

#include <chrono>

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/commands/ban_target.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/commands/reply_command.hpp"
#include "chat/messages/channel_post.hpp"
#include "config/config.hpp"
#include "core/clock.hpp"
#include "core/unix_time.hpp"
#include "logging/log.hpp"
#include "store/store.hpp"

namespace tglink {

namespace {

constexpr std::string_view kUsage =
    "Usage: /ban <user or channel id> [revoke], or reply to a message forwarded from the user "
    "with /ban [revoke]. With revoke, every link the user made stops working too.";

std::int64_t unix_now(const ChatContext& chat) { return unix_seconds(chat.clock.now()); }

boost::asio::awaitable<Reply> ban(const CommandCall& call, std::int64_t user_id, bool revoke) {
  if (call.chat.config.is_admin(user_id)) {
    co_return plain_reply(
        fmt::format("User {} is an admin (ADMINS) and cannot be banned.", user_id));
  }
  const std::int64_t now = unix_now(call.chat);
  const BanRecord record{user_id, now, call.user_id};
  bool banned = false;
  int revoked = 0;
  co_await call.chat.on_store([&](Store& store) {
    banned = store.ban_user(record);
    if (revoke) revoked = store.revoke_user_links(user_id, now);
  });
  call.chat.bans->add(user_id);  // also when the store had it: another leader may have banned
  std::string text = banned ? fmt::format(
                                  "Banned user {}: their messages now get one short "
                                  "answer and nothing else.",
                                  user_id)
                            : fmt::format("User {} was already banned.", user_id);
  if (banned && is_channel_chat(user_id)) {
    text = fmt::format("Banned channel {}: its new posts get no links.", user_id);
  }
  if (revoke) text += fmt::format(" Revoked {} of their links.", revoked);
  call.chat.log.info("Admin {} banned user {}{}", call.user_id, user_id,
                     revoke ? " and revoked their links" : "");
  co_return plain_reply(text);
}

boost::asio::awaitable<Reply> ban_reply(const CommandCall& call) {
  return reply_about_target(call, true, kUsage,
                            [&call](std::int64_t user_id, const BanArguments& arguments) {
                              return ban(call, user_id, arguments.revoke);
                            });
}

}  // namespace

ChatCommand ban_command() {
  return ChatCommand{
      "ban", "Ban a user or channel: /ban <user or channel id> [revoke], or reply to their message",
      Audience::admins, &answered_with<ban_reply>};
}

}  // namespace tglink
