// /help: the commands this user may use; admins also see the admin commands.

#include "chat/chat_context.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/commands/reply_command.hpp"

namespace tglink {

namespace {

void add_commands(const std::vector<const ChatCommand*>& commands, Audience audience,
                  FormattedText& text) {
  for (const ChatCommand* command : commands) {
    if (command->audience != audience) continue;
    text.plain("/" + command->name).plain(" - ").plain(command->description).plain("\n");
  }
}

boost::asio::awaitable<Reply> help_reply(const CommandCall& call) {
  const std::vector<const ChatCommand*> commands = call.registry.usable_by(call.from_admin);
  Reply reply;
  reply.text.bold("Commands").plain("\n");
  add_commands(commands, Audience::everyone, reply.text);
  if (call.from_admin) {
    reply.text.plain("\n").bold("Admin commands").plain("\n");
    add_commands(commands, Audience::admins, reply.text);
  }
  reply.text.plain("\nSend any file to get its links.");
  co_return reply;
}

}  // namespace

ChatCommand help_command() {
  return ChatCommand{"help", "List the commands you can use", Audience::everyone,
                     &answered_with<help_reply>, BeforeJoining::answer};
}

}  // namespace tglink
