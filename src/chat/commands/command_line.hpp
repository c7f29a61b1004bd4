#pragma once
// Splits a message's text into a bot command and its arguments: "/revoke@my_bot  abc " ->
// {"revoke", "abc"}. Commands are matched case-insensitively, as Telegram clients do.

#include <optional>
#include <string>
#include <string_view>

namespace tglink {

struct CommandLine {
  std::string name;  // lowercase, without "/" and "@bot"
  std::string arguments;
};

// nullopt when the text does not start with "/" followed by a command name.
[[nodiscard]] std::optional<CommandLine> parse_command_line(std::string_view text);

}  // namespace tglink
