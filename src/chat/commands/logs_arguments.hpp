#pragma once
// The arguments of /logs [level=LEVEL] [limit=N], checked: a level from DEBUG to CRITICAL
// ("this level and above", any case) and a limit from 1 to kMaxLimit.

#include <cstddef>
#include <optional>
#include <string_view>

#include "logging/log.hpp"

namespace tglink {

struct LogsArguments {
  static constexpr std::size_t kDefaultLimit = 50;
  static constexpr std::size_t kMaxLimit = 500;

  LogLevel level = LogLevel::Info;
  std::size_t limit = kDefaultLimit;
};

// nullopt for anything else: an unknown key, a bad level, a limit out of range, a repeated key.
[[nodiscard]] std::optional<LogsArguments> parse_logs_arguments(std::string_view arguments);

}  // namespace tglink
