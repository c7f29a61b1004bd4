#include "playback/child_confinement.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstddef>

#include <fcntl.h>
#include <linux/close_range.h>
#include <linux/landlock.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace tglink {

namespace {

// Conversions yield to the server itself: TDLib and the HTTP loop keep their CPU.
constexpr int kChildNiceness = 10;
// Past RLIMIT_CPU's soft limit the child gets SIGXCPU, past the hard one SIGKILL.
constexpr rlim_t kCpuGraceSeconds = 5;
// Where descriptors are searched when close_range is missing (kernels before 5.11).
constexpr int kMaxDescriptorScan = 1 << 16;

// Landlock's network and scope fields, newer than Debian 12's <linux/landlock.h>; the kernel
// takes the shorter structures of older ABIs, so the size passed says which fields are there.
struct NetworkRulesetAttr {
  std::uint64_t handled_access_fs;
  std::uint64_t handled_access_net;
  std::uint64_t scoped;
};
struct NetPortAttr {
  std::uint64_t allowed_access;
  std::uint64_t port;
};
constexpr int kRuleNetPort = 2;                            // LANDLOCK_RULE_NET_PORT
constexpr std::uint64_t kAccessNetBindTcp = 1ULL << 0;     // LANDLOCK_ACCESS_NET_BIND_TCP
constexpr std::uint64_t kAccessNetConnectTcp = 1ULL << 1;  // LANDLOCK_ACCESS_NET_CONNECT_TCP
constexpr std::uint64_t kScopeAbstractUnixSocket = 1ULL << 0;
constexpr std::uint64_t kScopeSignal = 1ULL << 1;

// TCP to `port` only, no bind; with the scope ABI, no signal or abstract socket outside.
bool restrict_network(std::uint16_t port, int abi) noexcept {
  NetworkRulesetAttr attr{};
  attr.handled_access_net = kAccessNetBindTcp | kAccessNetConnectTcp;
  std::size_t size = offsetof(NetworkRulesetAttr, scoped);
  if (abi >= kLandlockScopeAbi) {
    attr.scoped = kScopeAbstractUnixSocket | kScopeSignal;
    size = sizeof attr;
  }
  const long ruleset = syscall(SYS_landlock_create_ruleset, &attr, size, 0U);
  if (ruleset < 0) return false;
  const auto fd = static_cast<int>(ruleset);
  NetPortAttr allowed{kAccessNetConnectTcp, port};
  const bool done = syscall(SYS_landlock_add_rule, fd, kRuleNetPort, &allowed, 0U) == 0 &&
                    syscall(SYS_landlock_restrict_self, fd, 0U) == 0;
  close(fd);
  return done;
}

[[noreturn]] void fail(int report_fd) noexcept {
  const int error = errno;
  [[maybe_unused]] const ssize_t written = write(report_fd, &error, sizeof error);
  _exit(127);
}

// Sets a limit, never above the hard limit we have (which only root could raise).
bool set_limit(int resource, std::uint64_t value, rlim_t grace = 0) noexcept {
  if (value == 0) return true;
  rlimit current{};
  if (getrlimit(resource, &current) != 0) return false;
  const rlim_t wanted = static_cast<rlim_t>(value);
  rlimit limit{};
  limit.rlim_max = std::min(current.rlim_max, wanted + grace);
  limit.rlim_cur = std::min(limit.rlim_max, wanted);
  return setrlimit(resource, &limit) == 0;
}

bool set_limits(const ChildLimits& limits) noexcept {
  return set_limit(RLIMIT_AS, limits.address_space_bytes) &&
         set_limit(RLIMIT_CPU, limits.cpu_seconds, kCpuGraceSeconds) &&
         set_limit(RLIMIT_FSIZE, limits.file_size_bytes) &&
         set_limit(RLIMIT_NOFILE, limits.open_files);
}

void reset_signals() noexcept {
  struct sigaction defaults {};
  defaults.sa_handler = SIG_DFL;
  for (int signal_number = 1; signal_number < NSIG; ++signal_number) {
    sigaction(signal_number, &defaults, nullptr);  // refused for SIGKILL and SIGSTOP: fine
  }
  sigset_t none;
  sigemptyset(&none);
  // The forked child has one thread, and sigprocmask is async-signal-safe where
  // pthread_sigmask is not.
  sigprocmask(SIG_SETMASK, &none, nullptr);  // NOLINT(concurrency-mt-unsafe)
}

// `fd`, or a new descriptor on `path` when it is -1, moved above 2 so that the dup2 calls that
// follow cannot overwrite one another's source.
int above_stdio(int fd, const char* path, int flags) noexcept {
  const int source = fd >= 0 ? fd : open(path, flags | O_CLOEXEC, 0600);
  if (source < 0) return -1;
  return fcntl(source, F_DUPFD_CLOEXEC, 3);
}

// Every descriptor above 2 closes at exec: the report pipe stays open until then.
bool close_on_exec_above_stdio() noexcept {
  if (syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return true;
  for (int fd = 3; fd < kMaxDescriptorScan; ++fd) fcntl(fd, F_SETFD, FD_CLOEXEC);
  return true;
}

}  // namespace

int landlock_abi() {
  const long abi =
      syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  return abi > 0 ? static_cast<int>(abi) : 0;
}

ChildLimits limits_for(const ConfinementSettings& settings, double media_seconds) {
  ChildLimits limits;
  if (settings.landlock_abi >= kLandlockNetworkAbi && settings.source_port != 0) {
    limits.only_tcp_port = settings.source_port;
    limits.landlock_abi = settings.landlock_abi;
  }
  limits.address_space_bytes = settings.memory_bytes;
  const double seconds = std::isfinite(media_seconds) && media_seconds > 0 ? media_seconds : 0;
  const double scaled = std::ceil(seconds) * static_cast<double>(settings.cpu_per_media_second);
  // Bounded so that an absurd duration (the probe keeps at most a week) cannot overflow.
  limits.cpu_seconds =
      std::max<std::uint64_t>(kMinCpuSeconds, static_cast<std::uint64_t>(std::min(scaled, 1e12)));
  limits.file_size_bytes = settings.file_bytes;
  limits.open_files = settings.open_files;
  return limits;
}

std::vector<std::string> child_environment() {
  return {"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C"};
}

namespace {

std::string network_summary(const ConfinementSettings& settings) {
  if (settings.landlock_abi < kLandlockNetworkAbi || settings.source_port == 0) {
    return "no Landlock network rules (" +
           (settings.landlock_abi == 0
                ? std::string("Landlock unavailable")
                : "Landlock ABI " + std::to_string(settings.landlock_abi) + " has none") +
           ")";
  }
  std::string text = "Landlock ABI " + std::to_string(settings.landlock_abi) +
                     ": TCP connections to port " + std::to_string(settings.source_port) +
                     " only, no listening";
  if (settings.landlock_abi >= kLandlockScopeAbi) {
    text += ", no signal or abstract socket outside";
  }
  return text;
}

}  // namespace

std::string confinement_summary(const ConfinementSettings& settings) {
  return "ffmpeg and ffprobe run with PATH and LANG only in their environment, no descriptor but "
         "stdin, stdout and stderr, the parent-death signal, no_new_privs, " +
         std::to_string(settings.memory_bytes >> 20) + " MiB of address space, " +
         std::to_string(settings.cpu_per_media_second) +
         " CPU seconds per second of media (at least " + std::to_string(kMinCpuSeconds) + "), " +
         std::to_string(settings.file_bytes >> 20) + " MiB per file written and " +
         std::to_string(settings.open_files) + " open files; " + network_summary(settings) +
         "; no namespaces (a network namespace would cut them off from the loopback source they "
         "read)";
}

PreparedExec::PreparedExec(const std::filesystem::path& program,
                           const std::vector<std::string>& argv, ChildLimits limits,
                           const std::filesystem::path& stderr_path)
    : program_(program.string()),
      argv_(argv),
      environment_(child_environment()),
      limits_(limits),
      stderr_path_(stderr_path.empty() ? std::string("/dev/null") : stderr_path.string()) {
  for (std::string& arg : argv_) argv_pointers_.push_back(arg.data());
  argv_pointers_.push_back(nullptr);
  for (std::string& variable : environment_) environment_pointers_.push_back(variable.data());
  environment_pointers_.push_back(nullptr);
}

void PreparedExec::exec_in_child(int parent_pid, int stdout_fd, int stderr_fd,
                                 int report_fd) const noexcept {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail(report_fd);
  if (getppid() != parent_pid) _exit(127);  // tglink died before the signal was armed
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) fail(report_fd);
  setpgid(0, 0);
  reset_signals();
  setpriority(PRIO_PROCESS, 0, kChildNiceness);
  const int in = above_stdio(-1, "/dev/null", O_RDONLY);
  const int out = above_stdio(stdout_fd, "/dev/null", O_WRONLY);
  const int err = above_stdio(stderr_fd, stderr_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC);
  if (in < 0 || out < 0 || err < 0) fail(report_fd);
  if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) fail(report_fd);
  if (!close_on_exec_above_stdio()) fail(report_fd);
  if (!set_limits(limits_)) fail(report_fd);
  if (limits_.only_tcp_port != 0 &&
      !restrict_network(limits_.only_tcp_port, limits_.landlock_abi)) {
    fail(report_fd);
  }
  execve(program_.c_str(), argv_pointers_.data(), environment_pointers_.data());
  fail(report_fd);
}

}  // namespace tglink
