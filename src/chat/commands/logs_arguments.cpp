#include "chat/commands/logs_arguments.hpp"

#include <charconv>

namespace tglink {

namespace {

bool parse_limit(std::string_view text, std::size_t& limit) {
  std::size_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return false;
  if (value < 1 || value > LogsArguments::kMaxLimit) return false;
  limit = value;
  return true;
}

bool apply(std::string_view word, LogsArguments& out, bool& saw_level, bool& saw_limit) {
  const std::size_t equals = word.find('=');
  if (equals == std::string_view::npos) return false;
  const std::string_view key = word.substr(0, equals);
  const std::string_view value = word.substr(equals + 1);
  if (key == "level" && !saw_level) {
    saw_level = true;
    const std::optional<LogLevel> level = parse_log_level(value);
    if (!level) return false;
    out.level = *level;
    return true;
  }
  if (key == "limit" && !saw_limit) {
    saw_limit = true;
    return parse_limit(value, out.limit);
  }
  return false;
}

}  // namespace

std::optional<LogsArguments> parse_logs_arguments(std::string_view arguments) {
  LogsArguments out;
  bool saw_level = false;
  bool saw_limit = false;
  std::size_t at = 0;
  while (at < arguments.size()) {
    const std::size_t start = arguments.find_first_not_of(" \t\n", at);
    if (start == std::string_view::npos) break;
    const std::size_t end = std::min(arguments.find_first_of(" \t\n", start), arguments.size());
    if (!apply(arguments.substr(start, end - start), out, saw_level, saw_limit)) {
      return std::nullopt;
    }
    at = end;
  }
  return out;
}

}  // namespace tglink
