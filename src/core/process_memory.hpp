#pragma once
// This process's memory as the admin /stats command shows it: resident (RSS) and virtual (VMS)
// size from /proc/self/status, and RSS as a share of the machine's memory from /proc/meminfo.
// The parsers take the files' text, so tests feed them fixed samples.

#include <cstdint>
#include <optional>
#include <string_view>

namespace tglink {

struct ProcessMemory {
  std::int64_t rss_bytes = 0;
  std::int64_t vms_bytes = 0;
  std::int64_t machine_bytes = 0;  // MemTotal; 0 when unknown
  // RSS as a percentage of MemTotal (0..100); 0 when MemTotal is unknown.
  [[nodiscard]] double percent_of_machine() const {
    if (machine_bytes <= 0) return 0;
    return 100.0 * static_cast<double>(rss_bytes) / static_cast<double>(machine_bytes);
  }
};

// VmRSS and VmSize from /proc/<pid>/status text; nullopt when either is missing.
[[nodiscard]] std::optional<ProcessMemory> parse_proc_status(std::string_view status);
// MemTotal from /proc/meminfo text, in bytes; nullopt when missing.
[[nodiscard]] std::optional<std::int64_t> parse_mem_total(std::string_view meminfo);

// Reads /proc/self/status and /proc/meminfo; nullopt when /proc is not there (not Linux).
[[nodiscard]] std::optional<ProcessMemory> read_process_memory();

}  // namespace tglink
