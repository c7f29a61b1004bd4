#pragma once
// The service's figures that /info and the admin /stats report. The chat side does not own the
// parts that hold them (bandwidth meter, stream tracker, bot pool, log, cache), so the service
// hands ChatContext a function that reads them when a command asks.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/process_memory.hpp"

namespace tglink {

struct ServiceStatus {
  std::string version;
  std::chrono::seconds uptime{0};
  std::int64_t bandwidth_used_bytes = 0;
  std::int64_t bandwidth_limit_bytes = 0;  // 0 = no limit
  std::string bandwidth_month;             // "YYYY-MM"
  std::int64_t active_streams = 0;
  std::size_t bots_connected = 0;
  std::size_t bots_total = 0;
  std::int64_t cache_bytes = 0;         // TDLib's downloaded files on disk
  std::optional<ProcessMemory> memory;  // nullopt where /proc is missing
  std::string links_self_test;          // selftest/: "passed", "FAILED at DNS: ...", "not run yet"
};

using ServiceStatusSource = std::function<ServiceStatus()>;

}  // namespace tglink
