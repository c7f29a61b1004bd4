#pragma once
// Most commands answer with one message in the chat the command came from. Such a command is a
// function from the call to its Reply; answered_with<f> is the CommandHandler that sends it, so
// no command file repeats the sending.

#include <utility>

#include <boost/asio/awaitable.hpp>

#include "chat/chat_context.hpp"
#include "chat/commands/chat_command.hpp"
#include "chat/messages/reply.hpp"

namespace tglink {

using ReplyMaker = boost::asio::awaitable<Reply> (*)(const CommandCall& call);

template <ReplyMaker make_reply>
boost::asio::awaitable<void> answered_with(const CommandCall& call) {
  Reply reply = co_await make_reply(call);
  co_await call.chat.reply(call.chat_id, std::move(reply));
}

}  // namespace tglink
