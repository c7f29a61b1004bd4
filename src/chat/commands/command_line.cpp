#include "chat/commands/command_line.hpp"

#include <cctype>

namespace tglink {

namespace {

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

std::string_view trim(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

}  // namespace

std::optional<CommandLine> parse_command_line(std::string_view text) {
  text = trim(text);
  if (text.size() < 2 || text.front() != '/') return std::nullopt;
  std::size_t end = 1;
  while (end < text.size() && is_name_char(text[end])) ++end;
  if (end == 1) return std::nullopt;
  CommandLine line;
  for (const char c : text.substr(1, end - 1)) {
    line.name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  std::string_view rest = text.substr(end);
  if (!rest.empty() && rest.front() == '@') {  // "/start@my_bot": the bot's own username
    std::size_t mention_end = 1;
    while (mention_end < rest.size() && is_name_char(rest[mention_end])) ++mention_end;
    rest = rest.substr(mention_end);
  }
  if (!rest.empty() && std::isspace(static_cast<unsigned char>(rest.front())) == 0) {
    return std::nullopt;  // "/start-x" is not a command
  }
  line.arguments = std::string(trim(rest));
  return line;
}

}  // namespace tglink
