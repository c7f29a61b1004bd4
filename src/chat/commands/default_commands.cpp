#include "chat/commands/default_commands.hpp"

namespace tglink {

CommandRegistry default_commands() {
  CommandRegistry registry;
  registry.add(start_command());
  registry.add(help_command());
  registry.add(info_command());
  registry.add(stats_command());
  registry.add(ping_command());
  registry.add(batch_command());
  registry.add(done_command());
  registry.add(join_command());
  registry.add(mylinks_command());
  registry.add(davlink_command());
  registry.add(revoke_command());
  registry.add(logs_command());
  registry.add(broadcast_command());
  registry.add(ban_command());
  registry.add(unban_command());
  registry.add(dashboard_command());
  return registry;
}

}  // namespace tglink
