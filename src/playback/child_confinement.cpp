#include "playback/child_confinement.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstddef>

#include <fcntl.h>
#include <linux/close_range.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "playback/child_process.hpp"

namespace tglink {

namespace {

// Conversions yield to the server itself: TDLib and the HTTP loop keep their CPU.
constexpr int kChildNiceness = 10;
// Past RLIMIT_CPU's soft limit the child gets SIGXCPU, past the hard one SIGKILL.
constexpr rlim_t kCpuGraceSeconds = 5;
// Where descriptors are searched when close_range is missing (kernels before 5.11).
constexpr int kMaxDescriptorScan = 1 << 16;
// The kernel's OOM killer picks children first (the highest score; unprivileged processes may
// raise their own).
constexpr char kChildOomScoreAdj[] = "1000";

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
  if (settings.landlock_abi >= kLandlockFileAbi) {
    limits.landlock_abi = settings.landlock_abi;
    limits.file_rules = true;
    limits.files.executable = settings.executables;
  }
  limits.syscalls = settings.syscalls;
  return limits;
}

ConfinementState detect_confinement() {
  ConfinementState state;
  state.landlock_abi = landlock_abi();
  if (!seccomp_available()) {
    state.syscalls_error = "the kernel takes no seccomp filter";
    return state;
  }
  if (std::optional<ChildSyscallFilter> filter = build_child_syscall_filter(state.syscalls_error)) {
    state.syscalls = std::make_shared<const ChildSyscallFilter>(std::move(*filter));
  }
  return state;
}

namespace {

// `name` as the children's PATH finds it (they start with child_environment()'s).
std::optional<std::filesystem::path> in_child_path(const std::string& name) {
  const std::string variable = child_environment().front();
  const std::string dirs = variable.substr(variable.find('=') + 1);
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const std::size_t end = std::min(dirs.find(':', start), dirs.size());
    const std::filesystem::path candidate =
        std::filesystem::path(dirs.substr(start, end - start)) / name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return std::nullopt;
}

void add_executable(std::vector<std::filesystem::path>& programs,
                    const std::optional<std::filesystem::path>& program) {
  if (!program) return;
  std::error_code ec;
  const std::filesystem::path real = std::filesystem::canonical(*program, ec);
  if (ec) return;
  for (const std::filesystem::path& known : programs) {
    if (known == real) return;
  }
  programs.push_back(real);
  const std::filesystem::path interpreter = program_interpreter(real);
  if (!interpreter.empty()) add_executable(programs, interpreter);
}

}  // namespace

void apply_confinement_state(ConfinementSettings& settings, const ConfinementState& state,
                             const std::string& ffmpeg, const std::string& ffprobe) {
  settings.landlock_abi = state.landlock_abi;
  settings.syscalls = state.syscalls;
  settings.syscalls_error = state.syscalls_error;
  settings.executables.clear();
  add_executable(settings.executables, find_program(ffmpeg));
  add_executable(settings.executables, find_program(ffprobe));
  add_executable(settings.executables, in_child_path("ffmpeg"));
  add_executable(settings.executables, in_child_path("ffprobe"));
}

bool confinement_refuses(const ConfinementSettings& settings) {
  return settings.mode == ConfinementMode::kRequired &&
         (!settings.syscalls || settings.landlock_abi < kLandlockFileAbi);
}

std::string confinement_in_force(const ConfinementSettings& settings) {
  std::vector<std::string> parts;
  if (settings.syscalls) parts.emplace_back("seccomp");
  if (settings.landlock_abi >= kLandlockFileAbi) parts.emplace_back("Landlock files");
  if (settings.landlock_abi >= kLandlockNetworkAbi && settings.source_port != 0) {
    parts.emplace_back("Landlock TCP");
  }
  if (settings.landlock_abi >= kLandlockScopeAbi) parts.emplace_back("Landlock scopes");
  if (parts.empty()) return "none";
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
  return text;
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

std::string files_summary(const ConfinementSettings& settings) {
  if (settings.landlock_abi < kLandlockFileAbi)
    return "no Landlock file rules (Landlock unavailable)";
  return "Landlock file rules: read only their libraries and /usr, write only their job folder, "
         "execute only ffmpeg and ffprobe";
}

std::string syscalls_summary(const ConfinementSettings& settings) {
  if (!settings.syscalls) {
    return "no system-call filter (" +
           (settings.syscalls_error.empty() ? std::string("seccomp unavailable")
                                            : settings.syscalls_error) +
           ")";
  }
  return "a system-call filter (TCP sockets only, no new process, no ptrace, signals to "
         "themselves only)";
}

std::string mode_summary(const ConfinementSettings& settings) {
  if (confinement_refuses(settings)) {
    return "CONVERTER_CONFINEMENT=required and this kernel cannot confine them: conversions are "
           "refused";
  }
  if (settings.mode == ConfinementMode::kAvailable) {
    return "CONVERTER_CONFINEMENT=available: they run with what this kernel has";
  }
  return "CONVERTER_CONFINEMENT=required";
}

}  // namespace

std::string confinement_summary(const ConfinementSettings& settings) {
  return "ffmpeg and ffprobe run with PATH and LANG only in their environment, no descriptor but "
         "stdin, stdout and stderr, the parent-death signal, no_new_privs, oom_score_adj " +
         std::string(kChildOomScoreAdj) + ", " + std::to_string(settings.memory_bytes >> 20) +
         " MiB of address space, " + std::to_string(settings.cpu_per_media_second) +
         " CPU seconds per second of media (at least " + std::to_string(kMinCpuSeconds) + "), " +
         std::to_string(settings.file_bytes >> 20) + " MiB per file written and " +
         std::to_string(settings.open_files) + " open files; " + files_summary(settings) + "; " +
         network_summary(settings) + "; " + syscalls_summary(settings) +
         "; no namespaces (a network namespace would cut them off from the loopback source they "
         "read); " +
         mode_summary(settings);
}

PreparedExec::PreparedExec(const std::filesystem::path& program,
                           const std::vector<std::string>& argv, ChildLimits limits,
                           const std::filesystem::path& stderr_path)
    : program_(program.string()),
      argv_(argv),
      environment_(child_environment()),
      limits_(limits),
      stderr_path_(stderr_path.empty() ? std::string("/dev/null") : stderr_path.string()),
      landlock_(limits_.landlock_abi, limits_.file_rules ? &limits_.files : nullptr,
                limits_.only_tcp_port) {
  for (std::string& arg : argv_) argv_pointers_.push_back(arg.data());
  argv_pointers_.push_back(nullptr);
  for (std::string& variable : environment_) environment_pointers_.push_back(variable.data());
  environment_pointers_.push_back(nullptr);
  if (limits_.syscalls) syscall_program_ = limits_.syscalls->program();
}

namespace {

// Raises the child's OOM score; where /proc is missing the child runs without it. A
// non-dumpable tglink (core/process_dumpable.hpp) makes its fork's /proc files root's, so the
// child is dumpable for the one write. Its copy of tglink's memory is readable by processes of
// the same user for those few system calls; the children, which could race for it, cannot
// open another process's /proc under their Landlock rules.
void raise_oom_score() noexcept {
  const int dumpable = prctl(PR_GET_DUMPABLE, 0, 0, 0, 0);
  if (dumpable == 0) prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
  const int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
  if (fd >= 0) {
    [[maybe_unused]] const ssize_t written =
        write(fd, kChildOomScoreAdj, sizeof kChildOomScoreAdj - 1);
    close(fd);
  }
  if (dumpable == 0) prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

}  // namespace

void PreparedExec::exec_in_child(int parent_pid, int stdout_fd, int stderr_fd,
                                 int report_fd) noexcept {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail(report_fd);
  if (getppid() != parent_pid) _exit(127);  // tglink died before the signal was armed
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) fail(report_fd);
  setpgid(0, 0);
  reset_signals();
  setpriority(PRIO_PROCESS, 0, kChildNiceness);
  raise_oom_score();
  const int in = above_stdio(-1, "/dev/null", O_RDONLY);
  const int out = above_stdio(stdout_fd, "/dev/null", O_WRONLY);
  const int err = above_stdio(stderr_fd, stderr_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC);
  if (in < 0 || out < 0 || err < 0) fail(report_fd);
  if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) fail(report_fd);
  if (!close_on_exec_above_stdio()) fail(report_fd);
  if (!set_limits(limits_)) fail(report_fd);
  if (landlock_.active() && !landlock_.apply_in_child()) fail(report_fd);
  if (limits_.syscalls &&
      !install_syscall_filter(syscall_program_.data(), syscall_program_.size(),
                              limits_.syscalls->own_pid_slots().data(),
                              limits_.syscalls->own_pid_slots().size(), getpid())) {
    fail(report_fd);
  }
  execve(program_.c_str(), argv_pointers_.data(), environment_pointers_.data());
  fail(report_fd);
}

}  // namespace tglink
