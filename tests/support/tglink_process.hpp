#pragma once
// Runs the real `tglink` binary of this build as a child process, the way a user would, for
// end-to-end tests: its own environment (nothing inherited but PATH and the sanitizer
// options), its own working directory, its output captured to a file.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <sys/types.h>

namespace tglink::testing {

// A TCP port on 127.0.0.1 that was free a moment ago.
[[nodiscard]] std::uint16_t free_tcp_port();

// The binary under test: <build>/tglink.
[[nodiscard]] std::filesystem::path tglink_binary();

struct TglinkProcessOptions {
  std::vector<std::string> args;            // after the program name, e.g. {"check-config"}
  std::map<std::string, std::string> env;   // the child's whole environment, plus PATH etc.
  std::filesystem::path working_directory;  // required; holds output.log
};

class TglinkProcess {
 public:
  explicit TglinkProcess(TglinkProcessOptions options);
  ~TglinkProcess();  // kills the child if it still runs
  TglinkProcess(const TglinkProcess&) = delete;
  TglinkProcess& operator=(const TglinkProcess&) = delete;

  // Waits until something accepts TCP connections on 127.0.0.1:port.
  [[nodiscard]] bool wait_until_listening(
      std::uint16_t port, std::chrono::milliseconds limit = std::chrono::seconds(60));
  // Waits for the child to exit; its exit status, or -1 when it is still running at the limit.
  [[nodiscard]] int wait_for_exit(std::chrono::milliseconds limit);
  // Sends `signal`, then waits as wait_for_exit does.
  [[nodiscard]] int stop(int signal, std::chrono::milliseconds limit);
  // Everything the child wrote to stdout and stderr so far.
  [[nodiscard]] std::string output() const;
  [[nodiscard]] pid_t pid() const { return pid_; }

 private:
  std::filesystem::path log_path_;
  pid_t pid_ = -1;
  int exit_status_ = -1;
};

// Runs tglink to completion (for commands such as check-config) and returns {status, output}.
struct CompletedRun {
  int status = -1;
  std::string output;
};
[[nodiscard]] CompletedRun run_tglink(TglinkProcessOptions options,
                                      std::chrono::milliseconds limit = std::chrono::seconds(60));

}  // namespace tglink::testing
