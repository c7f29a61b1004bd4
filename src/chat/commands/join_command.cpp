// /join: joins the user's split files (NAME.001, NAME.002, ...) now, taking the highest part
// received as the last: for a file whose size is a multiple of the part size, no part is smaller
// than the others and so none shows itself as the last (chat/uploads/split_upload.hpp).

#include <utility>

#include "chat/chat_context.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/uploads/split_upload.hpp"

namespace tglink {

namespace {

boost::asio::awaitable<void> run_join(const CommandCall& call) {
  for (Reply& reply : co_await join_split_files(call.chat, call.user_id)) {
    co_await call.chat.reply(call.chat_id, std::move(reply));
  }
}

}  // namespace

ChatCommand join_command() {
  return ChatCommand{"join", "Join the parts of a split file sent so far into one link",
                     Audience::everyone, &run_join};
}

}  // namespace tglink
