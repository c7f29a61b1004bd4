#include "logging/record_ring_sink.hpp"

#include <algorithm>
#include <string>

#include "logging/spdlog_levels.hpp"

namespace tglink {

RecordRingSink::RecordRingSink(std::size_t capacity) : capacity_(capacity) {}

void RecordRingSink::sink_it_(const spdlog::details::log_msg& msg) {
  ++total_;
  if (capacity_ == 0) {
    return;
  }
  if (records_.size() == capacity_) {
    records_.pop_front();
  }
  records_.push_back(LogRecord{
      .time = msg.time,
      .level = from_spdlog_level(msg.level),
      .text = std::string(msg.payload.data(), msg.payload.size()),
  });
}

std::vector<LogRecord> RecordRingSink::recent(LogLevel min_level, std::size_t limit) {
  const std::lock_guard<std::mutex> lock(mutex_);
  std::vector<LogRecord> newest_first;
  for (auto it = records_.rbegin(); it != records_.rend() && newest_first.size() < limit; ++it) {
    if (it->level >= min_level) {
      newest_first.push_back(*it);
    }
  }
  std::reverse(newest_first.begin(), newest_first.end());
  return newest_first;
}

LogBufferStats RecordRingSink::stats() {
  const std::lock_guard<std::mutex> lock(mutex_);
  return LogBufferStats{.capacity = capacity_, .size = records_.size(), .total = total_};
}

}  // namespace tglink
