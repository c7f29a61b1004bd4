#include "metrics/process_metrics.hpp"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/resource.h>
#include <unistd.h>

#include "core/process_memory.hpp"

namespace tglink::metrics {

namespace {

std::optional<std::string> read_text(const char* path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::optional<std::int64_t> to_integer(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::vector<Sample> one(std::optional<double> value) {
  if (!value) return {};
  return {Sample{{}, *value}};
}

std::optional<double> start_time_seconds() {
  const std::optional<std::string> stat = read_text("/proc/self/stat");
  const std::optional<std::string> system = read_text("/proc/stat");
  if (!stat || !system) return std::nullopt;
  const std::optional<std::int64_t> ticks = parse_start_ticks(*stat);
  const std::optional<std::int64_t> boot = parse_boot_time(*system);
  const long per_second = ::sysconf(_SC_CLK_TCK);
  if (!ticks || !boot || per_second <= 0) return std::nullopt;
  return static_cast<double>(*boot) + static_cast<double>(*ticks) / static_cast<double>(per_second);
}

}  // namespace

std::optional<std::int64_t> count_open_fds() {
  std::error_code error;
  std::filesystem::directory_iterator entries("/proc/self/fd", error);
  if (error) return std::nullopt;
  std::int64_t count = 0;
  for (const auto& entry : entries) {
    (void)entry;
    ++count;
  }
  return count - 1;  // the descriptor the iterator itself holds
}

std::optional<std::int64_t> parse_start_ticks(std::string_view stat) {
  // The command name (field 2) is in parentheses and may hold spaces: count from its end.
  const std::size_t name_end = stat.rfind(')');
  if (name_end == std::string_view::npos) return std::nullopt;
  std::string_view rest = stat.substr(name_end + 1);
  // Field 3 (state) comes first after ")"; field 22 is starttime.
  for (int field = 3; field <= 22; ++field) {
    const std::size_t begin = rest.find_first_not_of(' ');
    if (begin == std::string_view::npos) return std::nullopt;
    rest = rest.substr(begin);
    const std::size_t end = std::min(rest.find(' '), rest.size());
    if (field == 22) return to_integer(rest.substr(0, end));
    rest = rest.substr(end);
  }
  return std::nullopt;
}

std::optional<std::int64_t> parse_boot_time(std::string_view proc_stat) {
  std::size_t at = 0;
  while (at < proc_stat.size()) {
    const std::size_t end = std::min(proc_stat.find('\n', at), proc_stat.size());
    const std::string_view line = proc_stat.substr(at, end - at);
    if (line.starts_with("btime ")) return to_integer(line.substr(6));
    at = end + 1;
  }
  return std::nullopt;
}

void register_process_metrics(Registry& registry) {
  registry.gauge_from("process_resident_memory_bytes", "Resident memory size in bytes.", {}, [] {
    const std::optional<ProcessMemory> memory = read_process_memory();
    return one(memory ? std::optional<double>(static_cast<double>(memory->rss_bytes))
                      : std::nullopt);
  });
  registry.gauge_from("process_open_fds", "Number of open file descriptors.", {}, [] {
    const std::optional<std::int64_t> fds = count_open_fds();
    return one(fds ? std::optional<double>(static_cast<double>(*fds)) : std::nullopt);
  });
  registry.gauge_from("process_max_fds", "Maximum number of open file descriptors.", {}, [] {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) {
      return std::vector<Sample>{};
    }
    return one(static_cast<double>(limit.rlim_cur));
  });
  const std::optional<double> started = start_time_seconds();  // fixed for the process's life
  registry.gauge_from("process_start_time_seconds",
                      "Start time of the process since unix epoch in seconds.", {},
                      [started] { return one(started); });
}

}  // namespace tglink::metrics
