#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "logging/log.hpp"

namespace tglink {

namespace {

struct LevelName {
  LogLevel level;
  std::string_view name;
};

constexpr std::array<LevelName, 5> kLevelNames{{
    {LogLevel::Debug, "DEBUG"},
    {LogLevel::Info, "INFO"},
    {LogLevel::Warning, "WARNING"},
    {LogLevel::Error, "ERROR"},
    {LogLevel::Critical, "CRITICAL"},
}};

std::string to_upper(std::string_view text) {
  std::string upper(text);
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return upper;
}

}  // namespace

std::optional<LogLevel> parse_log_level(std::string_view name) {
  const std::string upper = to_upper(name);
  // "WARN" is what spdlog and many other tools call it; accept it so a habit does not fail startup.
  if (upper == "WARN") {
    return LogLevel::Warning;
  }
  for (const LevelName& entry : kLevelNames) {
    if (entry.name == upper) {
      return entry.level;
    }
  }
  return std::nullopt;
}

std::string_view log_level_name(LogLevel level) {
  for (const LevelName& entry : kLevelNames) {
    if (entry.level == level) {
      return entry.name;
    }
  }
  return "UNKNOWN";
}

}  // namespace tglink
