#include "logging/log.hpp"

#include <vector>

#include <spdlog/logger.h>
#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_color_sinks.h>

#include "core/user_text.hpp"
#include "logging/record_ring_sink.hpp"
#include "logging/secret_masker.hpp"
#include "logging/spdlog_levels.hpp"

namespace tglink {

namespace {

// Prints the level as the spec names it ("WARNING"), not spdlog's "warning".
class SpecLevelFlag final : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm& /*time*/,
              spdlog::memory_buf_t& dest) override {
    const std::string_view name = log_level_name(from_spdlog_level(msg.level));
    dest.append(name.data(), name.data() + name.size());
  }
  [[nodiscard]] std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<SpecLevelFlag>();
  }
};

// UTC with a trailing Z, so logs from machines in different zones line up.
std::unique_ptr<spdlog::formatter> make_console_formatter() {
  auto formatter = std::make_unique<spdlog::pattern_formatter>(spdlog::pattern_time_type::utc);
  formatter->add_flag<SpecLevelFlag>('*');
  formatter->set_pattern("%Y-%m-%dT%H:%M:%S.%eZ %^%-8*%$ %v");
  return formatter;
}

spdlog::sink_ptr make_console_sink(LogLevel level) {
  auto sink = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
  sink->set_formatter(make_console_formatter());
  sink->set_level(to_spdlog_level(level));
  return sink;
}

}  // namespace

struct Log::Impl {
  SecretMasker masker;
  std::shared_ptr<RecordRingSink> ring;
  // Private instance, never registered with spdlog's global registry.
  std::unique_ptr<spdlog::logger> logger;
};

Log::Log(LogOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->ring = std::make_shared<RecordRingSink>(options.ring_capacity);
  std::vector<spdlog::sink_ptr> sinks{impl_->ring};
  if (options.console) {
    sinks.push_back(make_console_sink(options.console_level));
  }
  impl_->logger = std::make_unique<spdlog::logger>("tglink", sinks.begin(), sinks.end());
  // The ring keeps every level (an admin may ask /logs for DEBUG); each sink filters itself.
  impl_->logger->set_level(spdlog::level::trace);
  impl_->logger->flush_on(spdlog::level::warn);
}

Log::~Log() = default;

void Log::add_secret(std::string secret) { impl_->masker.add(std::move(secret)); }

// One record stays one line in every sink, whatever the pattern and whatever a call site let
// through (a TDLib error that quotes a user's text, say): a line break in it cannot forge a record.
void Log::write(LogLevel level, std::string_view text) {
  const std::string line = one_log_line(impl_->masker.mask(text));
  impl_->logger->log(to_spdlog_level(level), spdlog::string_view_t(line.data(), line.size()));
}

std::vector<LogRecord> Log::recent(LogLevel min_level, std::size_t limit) const {
  return impl_->ring->recent(min_level, limit);
}

LogBufferStats Log::buffer_stats() const { return impl_->ring->stats(); }

}  // namespace tglink
