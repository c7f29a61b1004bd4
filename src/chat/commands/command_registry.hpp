#pragma once
// The commands the bot knows, in the order /help lists them.

#include <optional>
#include <string_view>
#include <vector>

#include "chat/commands/chat_command.hpp"

namespace tglink {

class CommandRegistry {
 public:
  // Throws std::invalid_argument for an empty or duplicate name, or a missing handler.
  void add(ChatCommand command);

  [[nodiscard]] const ChatCommand* find(std::string_view name) const;
  // The commands someone may use: everyone's, plus the admin ones for an admin.
  [[nodiscard]] std::vector<const ChatCommand*> usable_by(bool admin) const;
  [[nodiscard]] const std::vector<ChatCommand>& all() const { return commands_; }

 private:
  std::vector<ChatCommand> commands_;
};

}  // namespace tglink
