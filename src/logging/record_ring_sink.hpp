#pragma once
// An spdlog sink that keeps the last `capacity` records, with their level and time, so the
// admin /logs command can filter by level. Private to src/logging/; Log is the public face.

#include <cstddef>
#include <deque>
#include <mutex>
#include <vector>

#include <spdlog/details/log_msg.h>
#include <spdlog/sinks/base_sink.h>

#include "logging/log.hpp"

namespace tglink {

class RecordRingSink final : public spdlog::sinks::base_sink<std::mutex> {
 public:
  explicit RecordRingSink(std::size_t capacity);

  // The newest `limit` records at `min_level` or above, oldest first.
  [[nodiscard]] std::vector<LogRecord> recent(LogLevel min_level, std::size_t limit);
  [[nodiscard]] LogBufferStats stats();

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override;
  void flush_() override {}

 private:
  std::size_t capacity_;
  std::deque<LogRecord> records_;
  std::size_t total_ = 0;
};

}  // namespace tglink
