#pragma once
// The application log: levels, a console sink, and an in-memory ring buffer of recent
// records that the admin /logs command reads. One Log is made by the app and passed by
// reference to whatever logs; there is no global logger.
//
// Secrets registered with add_secret() are replaced by "***" in every record, so a token
// that slips into an error message from a library never reaches a log. Every record is kept to
// one line (core/user_text.hpp one_log_line); text from users is logged as text_for_log(name).

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace tglink {

// The spec's levels for /logs; each means "this level and above".
enum class LogLevel { Debug, Info, Warning, Error, Critical };

[[nodiscard]] std::optional<LogLevel> parse_log_level(std::string_view name);  // "INFO", "info"
[[nodiscard]] std::string_view log_level_name(LogLevel level);                 // "INFO"

struct LogRecord {
  std::chrono::system_clock::time_point time;
  LogLevel level = LogLevel::Info;
  std::string text;
};

struct LogBufferStats {
  std::size_t capacity = 0;  // records the ring buffer holds at most
  std::size_t size = 0;      // records it holds now
  std::size_t total = 0;     // records logged since start
};

struct LogOptions {
  LogLevel console_level = LogLevel::Info;
  std::size_t ring_capacity = 2000;
  bool console = true;  // tests turn the console off and read the ring buffer
};

class Log {
 public:
  explicit Log(LogOptions options = {});
  ~Log();
  Log(const Log&) = delete;
  Log& operator=(const Log&) = delete;

  void add_secret(std::string secret);

  void write(LogLevel level, std::string_view text);

  template <typename... Args>
  void debug(fmt::format_string<Args...> f, Args&&... args) {
    write(LogLevel::Debug, fmt::format(f, std::forward<Args>(args)...));
  }
  template <typename... Args>
  void info(fmt::format_string<Args...> f, Args&&... args) {
    write(LogLevel::Info, fmt::format(f, std::forward<Args>(args)...));
  }
  template <typename... Args>
  void warning(fmt::format_string<Args...> f, Args&&... args) {
    write(LogLevel::Warning, fmt::format(f, std::forward<Args>(args)...));
  }
  template <typename... Args>
  void error(fmt::format_string<Args...> f, Args&&... args) {
    write(LogLevel::Error, fmt::format(f, std::forward<Args>(args)...));
  }
  template <typename... Args>
  void critical(fmt::format_string<Args...> f, Args&&... args) {
    write(LogLevel::Critical, fmt::format(f, std::forward<Args>(args)...));
  }

  // The newest `limit` records at `min_level` or above, oldest first.
  [[nodiscard]] std::vector<LogRecord> recent(LogLevel min_level, std::size_t limit) const;
  [[nodiscard]] LogBufferStats buffer_stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tglink
