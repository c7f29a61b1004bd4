#pragma once
// A shared simulated Telegram for tests (src/sim/README.md, "Shared world"): the world server
// build/sim/tglink-sim-world running in a fresh temporary directory, with its control client.
// Any number of tglink processes join it with SimHarnessOptions::world; it outlives them, so a
// test can SIGKILL a tglink and start another on the same Telegram.
//
// The server is this test's child and dies with it (PR_SET_PDEATHSIG), so even a crashed test
// leaves no server behind; the destructor stops it, and any server a tglink started in its
// directory after kill(), with SIGKILL.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include <sys/types.h>

#include "sim/control_client.hpp"
#include "support/temp_dir.hpp"

namespace tglink::testing {

struct SimWorldOptions {
  // The world's environment: LOG_CHANNEL (default SimHarness::kLogChannel) and the like.
  std::map<std::string, std::string> env;
  // Contents of TGLINK_SIM_CONFIG (src/sim/README.md), or empty for none.
  std::string sim_config_json;
  // false: start nothing; the first tglink that joins starts the server itself.
  bool start_server = true;
};

class SimWorld {
 public:
  explicit SimWorld(SimWorldOptions options = {});
  ~SimWorld();
  SimWorld(const SimWorld&) = delete;
  SimWorld& operator=(const SimWorld&) = delete;

  // TGLINK_SIM_WORLD for the processes that join.
  [[nodiscard]] const std::filesystem::path& dir() const { return dir_.path(); }
  [[nodiscard]] std::filesystem::path control_socket() const { return dir() / "control.sock"; }
  // The control client; connects (waiting up to a minute for the server) on first use.
  [[nodiscard]] sim::ControlClient& sim();
  // The pid in <dir>/world.pid: the running server, whoever started it; -1 when none.
  [[nodiscard]] pid_t server_pid() const;
  // Whether that server is alive.
  [[nodiscard]] bool server_running() const;
  // SIGKILLs the server (Telegram itself goes away) and waits until it is gone.
  void kill();
  // What the server wrote (<dir>/world.log and, for the one this fixture started, its output).
  [[nodiscard]] std::string log() const;

 private:
  void start_server();

  TempDir dir_{"tglink-world"};
  SimWorldOptions options_;
  pid_t child_ = -1;  // the server this fixture started, while it is not reaped
  std::unique_ptr<sim::ControlClient> sim_;
};

}  // namespace tglink::testing
