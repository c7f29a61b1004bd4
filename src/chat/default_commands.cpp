#include "chat/default_commands.hpp"

namespace tglink {

CommandRegistry default_commands() {
  CommandRegistry registry;
  registry.add(start_command());
  registry.add(help_command());
  registry.add(revoke_command());
  return registry;
}

}  // namespace tglink
