// /mylinks: the links the user made, newest first, paged, each with a button that revokes it
// (chat/commands/my_links_page.hpp).

#include "chat/chat_context.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/commands/my_links_page.hpp"
#include "chat/commands/reply_command.hpp"

namespace tglink {

namespace {

boost::asio::awaitable<Reply> first_links_page(const CommandCall& call) {
  return my_links_page(call.chat, call.user_id, 0);
}

}  // namespace

ChatCommand mylinks_command() {
  return ChatCommand{"mylinks", "Your links, with downloads and a button to revoke each",
                     Audience::everyone, &answered_with<first_links_page>};
}

}  // namespace tglink
