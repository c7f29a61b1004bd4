// /broadcast (admins), sent as a reply to the message to copy to every user: stores the job and
// shows the preview with Confirm / Cancel (chat/commands/broadcast_jobs.hpp does the rest).

#include "chat/chat_context.hpp"
#include "chat/commands/broadcast_jobs.hpp"
#include "chat/commands/default_commands.hpp"

namespace tglink {

namespace {

constexpr std::string_view kUsage =
    "Usage: reply to the message you want to send to every user with /broadcast. You will see "
    "a preview and confirm it before anything is sent.";

boost::asio::awaitable<void> run_broadcast(const CommandCall& call) {
  if (call.reply_to_message_id == 0 || call.chat.broadcaster == nullptr) {
    Reply usage = plain_reply(kUsage);
    co_await call.chat.reply(call.chat_id, std::move(usage));
    co_return;
  }
  co_await call.chat.broadcaster->propose(call.chat_id, call.reply_to_message_id);
}

}  // namespace

ChatCommand broadcast_command() {
  return ChatCommand{"broadcast", "Send a message to every user (reply to it with /broadcast)",
                     Audience::admins, &run_broadcast};
}

}  // namespace tglink
