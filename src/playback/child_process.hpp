#pragma once
// ffmpeg and ffprobe as child processes: started from an argv with fork and exec (no shell, so
// nothing in a file name or title can become a command), confined as
// playback/child_confinement.hpp says (minimal environment, no inherited descriptor, the
// parent-death signal, no_new_privs, limits), in a process group of their own (a Ctrl-C at the
// terminal reaches tglink, which then stops them itself), and always reaped.
//
// ProcessRunner is what the job manager uses, so tests drive it with a fake; PosixProcessRunner
// is the real one. run_captured() is the blocking "run, read stdout, give up after a timeout"
// that the probe needs; it kills and reaps a child that overstays.

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "playback/child_confinement.hpp"

namespace tglink {

struct ChildExit {
  int pid = 0;
  bool success = false;    // exited with status 0
  bool signalled = false;  // killed by a signal (ours, usually)
  int code = 0;            // exit status or signal number
};

class ProcessRunner {
 public:
  virtual ~ProcessRunner() = default;
  // Starts argv[0] (searched in PATH when it has no '/') within `limits`; stdin and stdout are
  // /dev/null, stderr goes to `stderr_file` (truncated) when given. nullopt, with `error` set,
  // when it can't start.
  virtual std::optional<int> spawn(const std::vector<std::string>& argv, const ChildLimits& limits,
                                   const std::filesystem::path& stderr_file,
                                   std::string& error) = 0;
  virtual void signal(int pid, int signal_number) = 0;
  // The children of this runner that have exited since the last call; never blocks.
  virtual std::vector<ChildExit> reap() = 0;
};

class PosixProcessRunner final : public ProcessRunner {
 public:
  PosixProcessRunner() = default;
  // Kills (SIGKILL) and reaps whatever is still running.
  ~PosixProcessRunner() override;
  PosixProcessRunner(const PosixProcessRunner&) = delete;
  PosixProcessRunner& operator=(const PosixProcessRunner&) = delete;

  std::optional<int> spawn(const std::vector<std::string>& argv, const ChildLimits& limits,
                           const std::filesystem::path& stderr_file, std::string& error) override;
  void signal(int pid, int signal_number) override;
  std::vector<ChildExit> reap() override;

  [[nodiscard]] std::size_t running() const { return children_.size(); }

 private:
  std::set<int> children_;
};

struct CapturedRun {
  bool started = false;
  bool timed_out = false;
  bool output_too_large = false;
  std::optional<ChildExit> exit;
  std::string output;       // stdout, at most max_output bytes
  std::string diagnostics;  // the start of stderr, at most kMaxDiagnostics bytes
  std::string error;        // why it did not start
};

inline constexpr std::size_t kMaxDiagnostics = 16384;

// Runs argv, collects stdout and the start of stderr, waits at most `timeout`; a child still
// running then, or writing more than `max_output`, is killed. Always reaped before returning.
// Blocking: call it off the I/O thread.
[[nodiscard]] CapturedRun run_captured(const std::vector<std::string>& argv,
                                       const ChildLimits& limits, std::chrono::milliseconds timeout,
                                       std::size_t max_output);

// The program `name` as PATH finds it (or `name` itself when it holds a '/' and is executable);
// nullopt when there is none.
[[nodiscard]] std::optional<std::filesystem::path> find_program(const std::string& name);

}  // namespace tglink
