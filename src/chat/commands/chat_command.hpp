#pragma once
// A chat command ("/start", "/revoke ..."): its name, who may use it, the line /help and
// setCommands show, and the coroutine that answers it. Adding a command means writing one
// file with a function that returns its ChatCommand, and listing it in default_commands.cpp.

#include <cstdint>
#include <string>

#include <boost/asio/awaitable.hpp>

namespace tglink {

struct ChatContext;
class CommandRegistry;

enum class Audience { everyone, admins };

// How forced subscription (FORCE_SUB_CHANNELS) treats a user who has not joined every required
// channel. Commands are gated by default, because the spec has the bot serve only members.
enum class BeforeJoining {
  wait,                // the join prompt instead; the command runs after "I've joined"
  answer,              // answered without a membership check (/help)
  answer_then_prompt,  // answered, then the join prompt too (/start)
};

// One use of a command, as the handler sees it.
struct CommandCall {
  const ChatContext& chat;
  const CommandRegistry& registry;
  std::int64_t chat_id = 0;
  std::int64_t user_id = 0;
  std::string arguments;  // the text after the command, trimmed
  bool from_admin = false;
  std::int64_t reply_to_message_id = 0;  // the message the command answers, in the same chat
};

using CommandHandler = boost::asio::awaitable<void> (*)(const CommandCall& call);

struct ChatCommand {
  std::string name;         // without the slash: "start"
  std::string description;  // one line, for /help and the client's command menu
  Audience audience = Audience::everyone;
  CommandHandler handler = nullptr;
  BeforeJoining before_joining = BeforeJoining::wait;
};

}  // namespace tglink
