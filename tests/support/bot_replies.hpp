#pragma once
// Acting as a Telegram user in an end-to-end test: something sent to the bot, then the bot's
// answer in that chat. One place for the steps every chat scenario takes (count the chat's
// messages, send, wait for one more), so a scenario reads as the conversation it is.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/control_client.hpp"
#include "support/eventually.hpp"

namespace tglink::testing {

// Does `send` as `user`, then answers the bot's newest message in that chat once at least one
// more has come; an empty message, and a test failure naming `what`, when none came in time.
// `bot_id` 0 is the main bot.
template <typename Send>
sim::SimMessage bot_answer(sim::ControlClient& sim, std::int64_t user, const std::string& what,
                           Send&& send, int wait_ms = kBotReplyWaitMs, std::int64_t bot_id = 0) {
  const std::size_t before = sim.messages(user, bot_id).size();
  send();
  const std::vector<sim::SimMessage> messages =
      sim.wait_messages(user, before + 1, wait_ms, bot_id);
  EXPECT_GT(messages.size(), before) << "the bot did not answer " << what;
  return messages.size() > before ? messages.back() : sim::SimMessage{};
}

// `text` sent as `user`; the text of the bot's answer.
inline std::string ask(sim::ControlClient& sim, std::int64_t user, const std::string& text,
                       int wait_ms = kBotReplyWaitMs) {
  const auto send = [&] { sim.send_text(user, text); };
  return bot_answer(sim, user, text, send, wait_ms).text;
}

// A file sent as request.user_id to request.bot_id; the bot's answer (its links).
inline sim::SimMessage send_file(sim::ControlClient& sim, const sim::SendFileRequest& request,
                                 int wait_ms = kBotReplyWaitMs) {
  const auto send = [&] { sim.send_file(request); };
  return bot_answer(sim, request.user_id, request.path, send, wait_ms, request.bot_id);
}

}  // namespace tglink::testing
