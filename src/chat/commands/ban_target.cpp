#include "chat/commands/ban_target.hpp"

#include <sstream>

#include "chat/chat_context.hpp"
#include "chat/commands/chat_command.hpp"
#include "chat/messages/message_loading.hpp"
#include "config/setting_bounds.hpp"
#include "config/value_parsers.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

namespace json = boost::json;

namespace {

std::optional<std::int64_t> parse_user_id(const std::string& word) {
  // A channel (-100…) is banned like a user (channel mode).
  if (word.size() > 1 && word.front() == '-') {
    const std::optional<std::int64_t> id = parse_integer(word);
    if (id && is_channel_id(*id)) return id;
    return std::nullopt;
  }
  if (word.empty() || word.size() > 19) return std::nullopt;
  std::int64_t id = 0;
  for (const char c : word) {
    if (c < '0' || c > '9') return std::nullopt;
    id = id * 10 + (c - '0');
    if (id > setting_bounds::kMaxUserId) return std::nullopt;
  }
  if (id <= 0) return std::nullopt;
  return id;
}

}  // namespace

std::optional<BanArguments> parse_ban_arguments(std::string_view arguments, bool allow_revoke) {
  BanArguments parsed;
  std::istringstream words{std::string(arguments)};
  std::string word;
  while (words >> word) {
    if (allow_revoke && word == "revoke" && !parsed.revoke) {
      parsed.revoke = true;
    } else if (const std::optional<std::int64_t> id = parse_user_id(word);
               id && parsed.user_id == 0) {
      parsed.user_id = *id;
    } else {
      return std::nullopt;
    }
  }
  return parsed;
}

std::optional<std::int64_t> forwarded_sender(const json::object& message, std::string& problem) {
  const json::object* origin = td_object(message, "forward_info.origin");
  if (origin == nullptr) {
    problem =
        "The message you replied to was not forwarded from a user. Forward one of their "
        "messages here and reply to it, or give their user id.";
    return std::nullopt;
  }
  const std::string_view type = td_type(*origin);
  if (type == "messageOriginHiddenUser") {
    problem =
        "That user hides their account in forwarded messages, so only their user id can "
        "name them.";
    return std::nullopt;
  }
  const std::optional<std::int64_t> id = td_int53(*origin, "sender_user_id");
  if (type != "messageOriginUser" || !id) {
    problem = "The message you replied to was forwarded from a chat or channel, not a user.";
    return std::nullopt;
  }
  return id;
}

boost::asio::awaitable<std::optional<std::int64_t>> target_user(const CommandCall& call,
                                                                const BanArguments& arguments,
                                                                std::string& problem) {
  if (arguments.user_id != 0) co_return arguments.user_id;
  if (call.reply_to_message_id == 0) {
    problem = "Give the user id, or reply to a message forwarded from the user.";
    co_return std::nullopt;
  }
  json::object request = load_message_request(call.chat_id, call.reply_to_message_id);
  const json::object message = co_await call.chat.client.request(std::move(request));
  if (const std::optional<TdError> error = td_error(message)) {
    problem = "Could not read the message you replied to (" + std::to_string(error->code) + " " +
              error->message + ").";
    co_return std::nullopt;
  }
  co_return forwarded_sender(message, problem);
}

boost::asio::awaitable<Reply> reply_about_target(const CommandCall& call, bool allow_revoke,
                                                 std::string_view usage, TargetAction act) {
  const std::optional<BanArguments> arguments = parse_ban_arguments(call.arguments, allow_revoke);
  if (!arguments) co_return plain_reply(usage);
  std::string problem;
  const std::optional<std::int64_t> user = co_await target_user(call, *arguments, problem);
  if (!user) co_return plain_reply(problem + "\n" + std::string(usage));
  co_return co_await act(*user, *arguments);
}

}  // namespace tglink
