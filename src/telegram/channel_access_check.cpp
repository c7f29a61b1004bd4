#include "telegram/channel_access_check.hpp"

#include <boost/json.hpp>

#include "logging/log.hpp"
#include "telegram/bot_session.hpp"
#include "telegram/td_fields.hpp"

namespace tglink {
namespace {

namespace json = boost::json;

std::string bot_name(const BotSession& bot) {
  const auto& me = bot.me();
  return me && !me->username.empty() ? bot.label() + " (@" + me->username + ")" : bot.label();
}

json::object get_chat_member(std::int64_t chat_id, std::int64_t user_id) {
  return {{"@type", "getChatMember"},
          {"chat_id", chat_id},
          {"member_id", {{"@type", "messageSenderUser"}, {"user_id", user_id}}}};
}

bool is_administrator(const json::object& member) {
  const std::string_view type = td_string(member, "status.@type").value_or("");
  return type == "chatMemberStatusAdministrator" || type == "chatMemberStatusCreator";
}

// Computed when needed: the bot's username arrives with getMe, possibly after the check began.
std::string fix(const BotSession& bot) {
  const auto& me = bot.me();
  const std::string who = me && !me->username.empty() ? "@" + me->username : bot.label();
  return "in Telegram, open the channel, Administrators, Add Admin, and add " + who;
}

ChannelAccess refuse(Log& log, std::string problem) {
  log.error("{}", problem);
  return ChannelAccess{false, std::move(problem)};
}

}  // namespace

boost::asio::awaitable<ChannelAccess> check_channel_access(BotSession& bot, std::int64_t channel_id,
                                                           std::string channel_role, Log& log) {
  const std::string where = channel_role + " " + std::to_string(channel_id);
  // Requests are built before co_await: g++ 12 rejects brace-initialised temporaries
  // holding string literals inside a co_await expression.
  json::object get_chat{{"@type", "getChat"}, {"chat_id", channel_id}};
  const json::object chat = co_await bot.client().request(std::move(get_chat));
  if (const auto error = td_error(chat)) {
    co_return refuse(log, "Bot " + bot_name(bot) + " cannot open " + where + " (" + error->message +
                              "): check the id; " + fix(bot));
  }
  json::object member_request = get_chat_member(channel_id, bot.bot_id());
  const json::object member = co_await bot.client().request(std::move(member_request));
  if (const auto error = td_error(member)) {
    co_return refuse(log, "Bot " + bot_name(bot) + " cannot check its membership of " + where +
                              " (" + error->message + "): " + fix(bot));
  }
  if (!is_administrator(member)) {
    co_return refuse(
        log, "Bot " + bot_name(bot) + " is not an administrator of " + where + ": " + fix(bot));
  }
  log.info("Bot {} is an administrator of {}", bot_name(bot), where);
  co_return ChannelAccess{.ok = true, .problem = std::string()};
}

}  // namespace tglink
