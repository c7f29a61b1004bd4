#include "playback/child_process.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace tglink {

namespace {

using SteadyDeadline = std::chrono::steady_clock::time_point;

// Conversions yield to the server itself: TDLib and the HTTP loop keep their CPU.
constexpr int kChildNiceness = 10;

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

std::vector<char*> c_argv(const std::vector<std::string>& argv) {
  std::vector<char*> out;
  out.reserve(argv.size() + 1);
  for (const std::string& arg : argv) out.push_back(const_cast<char*>(arg.c_str()));
  out.push_back(nullptr);
  return out;
}

// Spawns with stdin from /dev/null, stdout to `stdout_fd` (or /dev/null when -1), stderr to
// `stderr_fd`, else `stderr_path` (or /dev/null when empty), in its own process group.
std::optional<int> spawn_child(const std::vector<std::string>& argv, int stdout_fd, int stderr_fd,
                               const std::string& stderr_path, std::string& error) {
  if (argv.empty()) {
    error = "no program";
    return std::nullopt;
  }
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attributes);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  if (stdout_fd >= 0) {
    posix_spawn_file_actions_adddup2(&actions, stdout_fd, 1);
  } else {
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  }
  const std::string err_target = stderr_path.empty() ? "/dev/null" : stderr_path;
  if (stderr_fd >= 0) {
    posix_spawn_file_actions_adddup2(&actions, stderr_fd, 2);
  } else {
    posix_spawn_file_actions_addopen(&actions, 2, err_target.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0600);
  }
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  std::vector<char*> args = c_argv(argv);
  pid_t pid = 0;
  const int failed = posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (failed != 0) {
    error = argv[0] + ": " + std::strerror(failed);
    return std::nullopt;
  }
  setpriority(PRIO_PROCESS, static_cast<id_t>(pid), kChildNiceness);
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
                                             const std::filesystem::path& stderr_file,
                                             std::string& error) {
  const std::optional<int> pid = spawn_child(argv, -1, -1, stderr_file.string(), error);
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

CapturedRun run_captured(const std::vector<std::string>& argv, std::chrono::milliseconds timeout,
                         std::size_t max_output) {
  CapturedRun run;
  int out[2];
  int err[2];
  if (pipe2(out, O_CLOEXEC) != 0) {
    run.error = std::string("pipe: ") + std::strerror(errno);
    return run;
  }
  if (pipe2(err, O_CLOEXEC) != 0) {
    run.error = std::string("pipe: ") + std::strerror(errno);
    close(out[0]);
    close(out[1]);
    return run;
  }
  const std::optional<int> pid = spawn_child(argv, out[1], err[1], "", run.error);
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
