// tglink-sim-world <dir>: simulated Telegram shared by every process that loads the simulator
// with TGLINK_SIM_WORLD=<dir> (README.md, "Shared world"). It holds one Simulator, serves their
// TDLib clients on <dir>/tdjson.sock and the control protocol on <dir>/control.sock, and runs
// until SIGTERM or SIGINT (or until its directory is removed), so that it outlives any process that
// uses it, as Telegram does. The world is configured by this process's environment (LOG_CHANNEL,
// TGLINK_SIM_CONFIG).

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include <fcntl.h>
#include <pthread.h>
#include <sys/file.h>
#include <unistd.h>

#include "sim/simulator.hpp"
#include "sim/world_protocol.hpp"
#include "sim/world_server.hpp"

namespace {

using tglink::sim::WorldPaths;

// Holds <dir>/world.lock for the process's life: one server per world, whoever starts it.
int lock_world(const WorldPaths& paths) {
  const int fd = ::open(paths.server_lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    throw std::runtime_error("cannot open " + paths.server_lock + ": " + std::strerror(errno));
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    std::ifstream pid_file(paths.pid_file);
    std::string pid;
    pid_file >> pid;
    throw std::runtime_error("a world server already runs in " + paths.dir + " (pid " +
                             (pid.empty() ? "unknown" : pid) + ")");
  }
  return fd;
}

// Waits for SIGTERM or SIGINT, or until the world's directory is removed (a test that ended
// without stopping its world: nobody can reach this server any more). Answers what it was.
std::string wait_for_stop(const sigset_t& signals, const WorldPaths& paths) {
  const timespec second{1, 0};
  for (;;) {
    const int signal = sigtimedwait(&signals, nullptr, &second);
    if (signal > 0) return "signal " + std::to_string(signal);
    std::error_code error;
    if (!std::filesystem::exists(paths.dir, error) && !error) return "its directory is gone";
  }
}

int run(const std::string& dir) {
  const WorldPaths paths{std::filesystem::absolute(dir).lexically_normal().string()};
  const int lock_fd = lock_world(paths);
  std::ofstream(paths.pid_file) << ::getpid() << "\n";
  // Before any thread starts: every thread inherits the blocked set, and only sigwait sees them.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  // The Simulator opens its control socket where TGLINK_SIM_SOCKET says: the world's is fixed.
  ::setenv("TGLINK_SIM_SOCKET", paths.control_socket.c_str(), 1);
  {
    tglink::sim::Simulator simulator;
    tglink::sim::WorldServer server{simulator, paths.tdjson_socket};
    std::cerr << "tglink-sim-world: serving " << paths.dir << " (pid " << ::getpid() << ")"
              << std::endl;
    const std::string reason = wait_for_stop(signals, paths);
    std::cerr << "tglink-sim-world: stopping: " << reason << std::endl;
  }
  ::unlink(paths.pid_file.c_str());
  ::close(lock_fd);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: tglink-sim-world <world directory>\n";
    return 2;
  }
  try {
    return run(argv[1]);
  } catch (const std::exception& error) {
    std::cerr << "tglink-sim-world: " << error.what() << std::endl;
    return 1;
  }
}
