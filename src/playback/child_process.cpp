#include "playback/child_process.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tglink {

namespace {

using SteadyDeadline = std::chrono::steady_clock::time_point;

// strerror, without its shared buffer (probes run on several threads).
std::string error_text(int error) {
  char buffer[256];
  return strerror_r(error, buffer, sizeof buffer);  // the GNU form: returns the message
}

ChildExit exit_of(int pid, int status) {
  ChildExit exit;
  exit.pid = pid;
  if (WIFEXITED(status)) {
    exit.code = WEXITSTATUS(status);
    exit.success = exit.code == 0;
  } else if (WIFSIGNALED(status)) {
    exit.signalled = true;
    exit.code = WTERMSIG(status);
  }
  return exit;
}

// Forks and execs `argv` confined (playback/child_confinement.hpp): stdin from /dev/null, stdout
// to `stdout_fd` (or /dev/null when -1), stderr to `stderr_fd`, else `stderr_path` (or
// /dev/null when empty). Returns once the child has exec'd, or with `error` when it could not.
std::optional<int> spawn_child(const std::vector<std::string>& argv, const ChildLimits& limits,
                               int stdout_fd, int stderr_fd, const std::string& stderr_path,
                               std::string& error) {
  if (argv.empty()) {
    error = "no program";
    return std::nullopt;
  }
  const std::optional<std::filesystem::path> program = find_program(argv[0]);
  if (!program) {
    error = argv[0] + ": " + error_text(ENOENT);
    return std::nullopt;
  }
  PreparedExec exec(*program, argv, limits, stderr_path);
  if (!exec.error().empty()) {
    error = "confinement: " + exec.error();
    return std::nullopt;
  }
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + error_text(errno);
    return std::nullopt;
  }
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) exec.exec_in_child(parent, stdout_fd, stderr_fd, report[1]);
  close(report[1]);
  if (pid < 0) {
    error = std::string("fork: ") + error_text(errno);
    close(report[0]);
    return std::nullopt;
  }
  // The report pipe closes at exec; an errno arrives instead when the child failed before it.
  int child_errno = 0;
  ssize_t got = 0;
  do {
    got = read(report[0], &child_errno, sizeof child_errno);
  } while (got < 0 && errno == EINTR);
  close(report[0]);
  if (got == static_cast<ssize_t>(sizeof child_errno)) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    error = argv[0] + ": " + error_text(child_errno);
    return std::nullopt;
  }
  return pid;
}

// waitpid that retries on EINTR; the exit, or nullopt while it runs (with `block` false).
std::optional<ChildExit> wait_child(int pid, bool block) {
  int status = 0;
  for (;;) {
    const pid_t done = waitpid(pid, &status, block ? 0 : WNOHANG);
    if (done == pid) return exit_of(pid, status);
    if (done == 0) return std::nullopt;
    if (errno == EINTR) continue;
    ChildExit gone;  // ECHILD: someone else reaped it; report it gone all the same
    gone.pid = pid;
    gone.signalled = true;
    return gone;
  }
}

}  // namespace

PosixProcessRunner::~PosixProcessRunner() {
  for (const int pid : children_) ::kill(pid, SIGKILL);
  for (const int pid : children_) wait_child(pid, true);
}

std::optional<int> PosixProcessRunner::spawn(const std::vector<std::string>& argv,
                                             const ChildLimits& limits,
                                             const std::filesystem::path& stderr_file,
                                             std::string& error) {
  const std::optional<int> pid = spawn_child(argv, limits, -1, -1, stderr_file.string(), error);
  if (pid) children_.insert(*pid);
  return pid;
}

void PosixProcessRunner::signal(int pid, int signal_number) {
  // Only our own children: a recycled pid of someone else's must never be signalled.
  if (children_.contains(pid)) ::kill(pid, signal_number);
}

std::vector<ChildExit> PosixProcessRunner::reap() {
  std::vector<ChildExit> exits;
  for (auto it = children_.begin(); it != children_.end();) {
    if (const std::optional<ChildExit> exit = wait_child(*it, false)) {
      exits.push_back(*exit);
      it = children_.erase(it);
    } else {
      ++it;
    }
  }
  return exits;
}

namespace {

// Reads what is ready on `fd` into `into` (at most `limit` bytes kept); false at end of output.
// `overflow` is set when more than `limit` arrived.
bool drain(int fd, std::string& into, std::size_t limit, bool& overflow) {
  char buffer[16384];
  const ssize_t got = read(fd, buffer, sizeof buffer);
  if (got < 0) return errno == EINTR || errno == EAGAIN;
  if (got == 0) return false;
  const auto size = static_cast<std::size_t>(got);
  if (into.size() + size > limit) {
    into.append(buffer, limit - std::min(limit, into.size()));
    overflow = true;
    return true;
  }
  into.append(buffer, size);
  return true;
}

// Collects stdout and stderr until both end, the deadline passes or stdout overflows.
void collect(CapturedRun& run, int out_fd, int err_fd, SteadyDeadline deadline,
             std::size_t max_output) {
  bool out_open = true;
  bool err_open = true;
  bool diagnostics_overflow = false;
  while (out_open || err_open) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      run.timed_out = true;
      return;
    }
    pollfd watch[2] = {{out_open ? out_fd : -1, POLLIN, 0}, {err_open ? err_fd : -1, POLLIN, 0}};
    const int ready = poll(watch, 2, static_cast<int>(left.count()));
    if (ready <= 0) continue;  // EINTR or the deadline, which the check above ends
    if (out_open && (watch[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
      out_open = drain(out_fd, run.output, max_output, run.output_too_large);
      if (run.output_too_large) return;
    }
    if (err_open && (watch[1].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
      err_open = drain(err_fd, run.diagnostics, kMaxDiagnostics, diagnostics_overflow);
    }
  }
}

}  // namespace

CapturedRun run_captured(const std::vector<std::string>& argv, const ChildLimits& limits,
                         std::chrono::milliseconds timeout, std::size_t max_output) {
  CapturedRun run;
  int out[2];
  int err[2];
  if (pipe2(out, O_CLOEXEC) != 0) {
    run.error = std::string("pipe: ") + error_text(errno);
    return run;
  }
  if (pipe2(err, O_CLOEXEC) != 0) {
    run.error = std::string("pipe: ") + error_text(errno);
    close(out[0]);
    close(out[1]);
    return run;
  }
  const std::optional<int> pid = spawn_child(argv, limits, out[1], err[1], "", run.error);
  close(out[1]);
  close(err[1]);
  if (!pid) {
    close(out[0]);
    close(err[0]);
    return run;
  }
  run.started = true;
  const SteadyDeadline deadline = std::chrono::steady_clock::now() + timeout;
  collect(run, out[0], err[0], deadline, max_output);
  close(out[0]);
  close(err[0]);
  // A child that closed its output may still linger: it gets until the deadline, like the rest.
  while (!run.timed_out && !run.output_too_large) {
    if ((run.exit = wait_child(*pid, false))) return run;
    if (std::chrono::steady_clock::now() >= deadline) {
      run.timed_out = true;
      break;
    }
    usleep(10'000);
  }
  ::kill(*pid, SIGKILL);
  run.exit = wait_child(*pid, true);
  return run;
}

std::optional<std::filesystem::path> find_program(const std::string& name) {
  if (name.empty()) return std::nullopt;
  if (name.find('/') != std::string::npos) {
    if (access(name.c_str(), X_OK) == 0) return std::filesystem::path(name);
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    const std::filesystem::path candidate = std::filesystem::path(dir) / name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

}  // namespace tglink
