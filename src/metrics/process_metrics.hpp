#pragma once
// The process figures every Prometheus client library exports under the same names, so the
// usual dashboards work: process_resident_memory_bytes, process_open_fds, process_max_fds and
// process_start_time_seconds. Read from /proc at each scrape; a figure /proc cannot give is left
// out rather than reported as 0.

#include <cstdint>
#include <optional>
#include <string_view>

#include "metrics/metric_registry.hpp"

namespace tglink::metrics {

// Entries of /proc/self/fd (the directory's own descriptor, open while it is read, excluded).
[[nodiscard]] std::optional<std::int64_t> count_open_fds();

// Start time in seconds since the epoch, from /proc/self/stat's 22nd field (clock ticks after
// boot) and /proc/stat's btime. The parsers take the files' text, so tests give them samples.
[[nodiscard]] std::optional<std::int64_t> parse_start_ticks(std::string_view proc_self_stat);
[[nodiscard]] std::optional<std::int64_t> parse_boot_time(std::string_view proc_stat);

void register_process_metrics(Registry& registry);

}  // namespace tglink::metrics
