#include "chat/force_subscription.hpp"

#include "chat/chat_context.hpp"
#include "config/config.hpp"
#include "logging/log.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

namespace json = boost::json;
namespace asio = boost::asio;

bool is_member_status(const json::object& chat_member) {
  const std::string_view type = td_string(chat_member, "status.@type").value_or("");
  if (type == "chatMemberStatusRestricted") {
    return td_bool(chat_member, "status.is_member").value_or(false);
  }
  return type == "chatMemberStatusMember" || type == "chatMemberStatusAdministrator" ||
         type == "chatMemberStatusCreator";
}

ForceSubscription::ForceSubscription(const ChatContext& chat) : chat_(chat) {}

asio::awaitable<std::vector<std::int64_t>> ForceSubscription::missing_channels(
    std::int64_t user_id) {
  std::vector<std::int64_t> missing;
  // Admins run the bot: like the daily limit, forced subscription does not apply to them.
  if (chat_.config.is_admin(user_id)) co_return missing;
  for (const std::int64_t channel : chat_.config.force_sub_channels) {
    if (!co_await is_member(channel, user_id)) missing.push_back(channel);
  }
  co_return missing;
}

asio::awaitable<bool> ForceSubscription::is_member(std::int64_t channel, std::int64_t user_id) {
  json::object member_id{{"@type", "messageSenderUser"}, {"user_id", user_id}};
  json::object request{{"@type", "getChatMember"}, {"chat_id", channel}, {"member_id", member_id}};
  const json::object answer = co_await chat_.client.request(std::move(request));
  if (const auto error = td_error(answer)) {
    chat_.log.warning("Cannot check membership of user {} in channel {}: {} {}", user_id, channel,
                      error->code, error->message);
    co_return true;
  }
  co_return is_member_status(answer);
}

asio::awaitable<Reply> ForceSubscription::join_prompt(std::vector<std::int64_t> channels,
                                                      std::string what_waits) {
  Reply reply;
  reply.text.bold("Join required channels").plain("\n");
  reply.text.plain("To use this bot, join the channels below, then press \"I've joined\".");
  if (!what_waits.empty()) reply.text.plain(" " + what_waits + " waits until then.");
  int number = 1;
  for (const std::int64_t channel : channels) {
    std::string link = co_await join_link(channel);
    std::string label =
        channels.size() == 1 ? "Join channel" : "Join channel " + std::to_string(number);
    ++number;
    if (link.empty()) continue;
    reply.keyboard.push_back({InlineButton::link(std::move(label), std::move(link))});
  }
  reply.keyboard.push_back({InlineButton::callback("I've joined", kJoinedData)});
  co_return reply;
}

asio::awaitable<std::string> ForceSubscription::join_link(std::int64_t channel) {
  auto known = links_.find(channel);
  if (known != links_.end()) co_return known->second;
  std::string link = co_await public_link(channel);
  if (link.empty()) link = co_await invite_link(channel);
  if (link.empty()) {
    chat_.log.warning(
        "No join link for channel {}: it has no username and the bot could not "
        "create an invite link",
        channel);
    co_return link;
  }
  links_[channel] = link;
  co_return link;
}

asio::awaitable<std::string> ForceSubscription::public_link(std::int64_t channel) {
  json::object get_chat{{"@type", "getChat"}, {"chat_id", channel}};
  const json::object chat = co_await chat_.client.request(std::move(get_chat));
  const std::optional<std::int64_t> id = td_int53(chat, "type.supergroup_id");
  if (!id) co_return std::string();
  json::object get_supergroup{{"@type", "getSupergroup"}, {"supergroup_id", *id}};
  const json::object supergroup = co_await chat_.client.request(std::move(get_supergroup));
  const std::string username = first_active_username(supergroup);
  co_return username.empty() ? std::string() : "https://t.me/" + username;
}

asio::awaitable<std::string> ForceSubscription::invite_link(std::int64_t channel) {
  json::object request{{"@type", "createChatInviteLink"},
                       {"chat_id", channel},
                       {"name", "tglink"},
                       {"expiration_date", 0},
                       {"member_limit", 0},
                       {"creates_join_request", false}};
  const json::object answer = co_await chat_.client.request(std::move(request));
  co_return std::string(td_string(answer, "invite_link").value_or(""));
}

}  // namespace tglink
