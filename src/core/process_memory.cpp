#include "core/process_memory.hpp"

#include <charconv>
#include <fstream>
#include <sstream>
#include <string>

namespace tglink {

namespace {

// "Name:   12345 kB" -> 12345 * 1024, for the line starting with `name`.
std::optional<std::int64_t> kilobytes_field(std::string_view text, std::string_view name) {
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (!line.starts_with(name) || line.size() <= name.size() || line[name.size()] != ':') {
      continue;
    }
    line.remove_prefix(name.size() + 1);
    const std::size_t digits = line.find_first_not_of(" \t");
    if (digits == std::string_view::npos) return std::nullopt;
    std::int64_t value = 0;
    const auto [ptr, ec] = std::from_chars(line.data() + digits, line.data() + line.size(), value);
    if (ec != std::errc()) return std::nullopt;
    return value * 1024;  // the kernel writes "kB" and means KiB
  }
  return std::nullopt;
}

std::string read_whole(const char* path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::optional<ProcessMemory> parse_proc_status(std::string_view status) {
  const std::optional<std::int64_t> rss = kilobytes_field(status, "VmRSS");
  const std::optional<std::int64_t> vms = kilobytes_field(status, "VmSize");
  if (!rss || !vms) return std::nullopt;
  ProcessMemory memory;
  memory.rss_bytes = *rss;
  memory.vms_bytes = *vms;
  return memory;
}

std::optional<std::int64_t> parse_mem_total(std::string_view meminfo) {
  return kilobytes_field(meminfo, "MemTotal");
}

std::optional<ProcessMemory> read_process_memory() {
  std::optional<ProcessMemory> memory = parse_proc_status(read_whole("/proc/self/status"));
  if (!memory) return std::nullopt;
  memory->machine_bytes = parse_mem_total(read_whole("/proc/meminfo")).value_or(0);
  return memory;
}

}  // namespace tglink
