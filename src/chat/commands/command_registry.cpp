#include "chat/commands/command_registry.hpp"

#include <stdexcept>

namespace tglink {

void CommandRegistry::add(ChatCommand command) {
  if (command.name.empty() || command.handler == nullptr) {
    throw std::invalid_argument("chat command needs a name and a handler (got \"" + command.name +
                                "\")");
  }
  if (find(command.name) != nullptr) {
    throw std::invalid_argument("chat command /" + command.name + " is registered twice");
  }
  commands_.push_back(std::move(command));
}

const ChatCommand* CommandRegistry::find(std::string_view name) const {
  for (const ChatCommand& command : commands_) {
    if (command.name == name) return &command;
  }
  return nullptr;
}

std::vector<const ChatCommand*> CommandRegistry::usable_by(bool admin) const {
  std::vector<const ChatCommand*> usable;
  for (const ChatCommand& command : commands_) {
    if (admin || command.audience == Audience::everyone) usable.push_back(&command);
  }
  return usable;
}

}  // namespace tglink
