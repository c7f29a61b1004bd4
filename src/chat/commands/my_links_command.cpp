// /mylinks: the links the user made, newest first, paged, each with a button that revokes it
// (chat/commands/my_links_page.hpp).

#include "chat/chat_context.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/commands/my_links_page.hpp"

namespace tglink {

namespace {

boost::asio::awaitable<void> run_mylinks(const CommandCall& call) {
  Reply page = co_await my_links_page(call.chat, call.user_id, 0);
  co_await call.chat.reply(call.chat_id, std::move(page));
}

}  // namespace

ChatCommand mylinks_command() {
  return ChatCommand{"mylinks", "Your links, with downloads and a button to revoke each",
                     Audience::everyone, &run_mylinks};
}

}  // namespace tglink
