#pragma once
// The chat commands tglink ships, one function per command, each in its own file
// (<name>_command.cpp). default_commands() registers them all, in /help order.

#include "chat/commands/chat_command.hpp"
#include "chat/commands/command_registry.hpp"

namespace tglink {

[[nodiscard]] ChatCommand start_command();      // start_command.cpp
[[nodiscard]] ChatCommand help_command();       // help_command.cpp
[[nodiscard]] ChatCommand revoke_command();     // revoke_command.cpp (admins)
[[nodiscard]] ChatCommand info_command();       // info_command.cpp
[[nodiscard]] ChatCommand stats_command();      // stats_command.cpp (admins see more)
[[nodiscard]] ChatCommand ping_command();       // ping_command.cpp
[[nodiscard]] ChatCommand logs_command();       // logs_command.cpp (admins)
[[nodiscard]] ChatCommand broadcast_command();  // broadcast_command.cpp (admins)
[[nodiscard]] ChatCommand batch_command();      // batch_commands.cpp
[[nodiscard]] ChatCommand done_command();       // batch_commands.cpp
[[nodiscard]] ChatCommand join_command();       // join_command.cpp
[[nodiscard]] ChatCommand mylinks_command();    // mylinks_command.cpp
[[nodiscard]] ChatCommand davlink_command();    // davlink_command.cpp
[[nodiscard]] ChatCommand ban_command();        // ban_command.cpp (admins)
[[nodiscard]] ChatCommand unban_command();      // unban_command.cpp (admins)
[[nodiscard]] ChatCommand dashboard_command();  // dashboard_command.cpp (admins)

[[nodiscard]] CommandRegistry default_commands();

}  // namespace tglink
