#include "playback/child_confinement.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>

#include <fcntl.h>
#include <linux/close_range.h>
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
  sigprocmask(SIG_SETMASK, &none, nullptr);
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

std::string confinement_summary(const ConfinementSettings& settings) {
  return "ffmpeg and ffprobe run with PATH and LANG only in their environment, no descriptor but "
         "stdin, stdout and stderr, the parent-death signal, no_new_privs, " +
         std::to_string(settings.memory_bytes >> 20) + " MiB of address space, " +
         std::to_string(settings.cpu_per_media_second) +
         " CPU seconds per second of media (at least " + std::to_string(kMinCpuSeconds) + "), " +
         std::to_string(settings.file_bytes >> 20) + " MiB per file written and " +
         std::to_string(settings.open_files) +
         " open files; no namespaces (a network namespace would cut them off from the loopback "
         "source they read)";
}

PreparedExec::PreparedExec(std::filesystem::path program, const std::vector<std::string>& argv,
                           ChildLimits limits, std::filesystem::path stderr_path)
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
  execve(program_.c_str(), argv_pointers_.data(), environment_pointers_.data());
  fail(report_fd);
}

}  // namespace tglink
