// /ping: answers "Pong!" and then edits it with the round trip: the time from handing the reply to
// TDLib until Telegram confirmed it was sent (updateMessageSendSucceeded).

#include <chrono>

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/messages/message_edit.hpp"
#include "core/clock.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

namespace json = boost::json;

namespace {

constexpr std::chrono::seconds kConfirmTimeout{30};

boost::asio::awaitable<void> run_ping(const CommandCall& call) {
  const ChatContext& chat = call.chat;
  SendOutcomes outcomes(chat.client, chat.executor, call.chat_id);
  const SteadyTime started = chat.clock.steady_now();
  json::object pong = send_message_request(call.chat_id, plain_reply("Pong!"));
  const json::object answer = co_await chat.client.request(std::move(pong));
  if (td_error(answer)) co_return;
  const std::int64_t message_id = co_await confirmed_message_id(outcomes, answer, kConfirmTimeout);
  const auto elapsed =
      std::chrono::duration_cast<std::chrono::milliseconds>(chat.clock.steady_now() - started);
  if (message_id == 0) co_return;
  const Reply timed = plain_reply(fmt::format("Pong! Round trip: {} ms", elapsed.count()));
  json::object edit = edit_text_request(call.chat_id, message_id, timed);
  co_await chat.client.request(std::move(edit));
}

}  // namespace

ChatCommand ping_command() {
  return ChatCommand{"ping", "Round-trip time to Telegram", Audience::everyone, &run_ping};
}

}  // namespace tglink
