#include "support/sim_world.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/build_paths.hpp"
#include "support/child_environment.hpp"
#include "support/sim_harness.hpp"

namespace tglink::testing {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::chrono::seconds kStartLimit{60};
constexpr std::chrono::seconds kStopLimit{20};

std::filesystem::path world_server_binary() {
  return std::filesystem::path(TGLINK_BINARY_DIR) / "sim" / "tglink-sim-world";
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Alive and not a zombie waiting for a parent that is not us.
bool alive(pid_t pid) {
  if (pid <= 0 || ::kill(pid, 0) != 0) return false;
  const std::string stat = read_text("/proc/" + std::to_string(pid) + "/stat");
  const std::size_t state = stat.rfind(')');
  return state == std::string::npos || stat.size() < state + 3 || stat[state + 2] != 'Z';
}

}  // namespace

SimWorld::SimWorld(SimWorldOptions options) : options_(std::move(options)) {
  if (options_.start_server) start_server();
}

SimWorld::~SimWorld() {
  sim_.reset();
  const pid_t pid = server_pid();
  if (alive(pid)) {
    ::kill(pid, SIGTERM);
    const auto deadline = Clock::now() + kStopLimit;
    while (Clock::now() < deadline && pid != child_ && alive(pid)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (pid != child_ && alive(pid)) ::kill(pid, SIGKILL);
  }
  if (child_ > 0) {
    // Our own server: waitpid also waits out its clean stop (sanitizer reports included).
    const auto deadline = Clock::now() + kStopLimit;
    while (::waitpid(child_, nullptr, WNOHANG) == 0) {
      if (Clock::now() >= deadline) ::kill(child_, SIGKILL);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
}

void SimWorld::start_server() {
  std::map<std::string, std::string> env{{"LOG_CHANNEL", std::to_string(SimHarness::kLogChannel)}};
  if (!options_.sim_config_json.empty()) {
    const std::filesystem::path config = dir() / "sim-config.json";
    std::ofstream(config) << options_.sim_config_json;
    env["TGLINK_SIM_CONFIG"] = config.string();
  }
  for (const auto& [name, value] : options_.env) env[name] = value;
  std::vector<std::string> env_strings = child_environment(env);
  std::vector<std::string> argv_strings{world_server_binary().string(), dir().string()};
  std::vector<char*> envp = exec_pointers(env_strings);
  std::vector<char*> argv = exec_pointers(argv_strings);
  const std::string log_path = (dir() / "world.log").string();
  const int log_fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  const pid_t parent = ::getpid();
  child_ = ::fork();
  if (child_ == 0) {
    // Dies with the test, however the test ends.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(126);
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  ::close(log_fd);
  if (child_ < 0) throw std::runtime_error("fork failed");
  (void)sim();  // ready once its control socket answers
}

sim::ControlClient& SimWorld::sim() {
  const auto deadline = Clock::now() + kStartLimit;
  while (!sim_) {
    try {
      sim_ = std::make_unique<sim::ControlClient>(control_socket().string());
    } catch (const std::runtime_error&) {
      if (child_ > 0 && ::waitpid(child_, nullptr, WNOHANG) == child_) {
        child_ = -1;
        throw std::runtime_error("the world server exited; it said:\n" + log());
      }
      if (Clock::now() >= deadline) {
        throw std::runtime_error("the world's control socket never answered; the server said:\n" +
                                 log());
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  return *sim_;
}

pid_t SimWorld::server_pid() const {
  std::istringstream text(read_text(dir() / "world.pid"));
  pid_t pid = -1;
  return text >> pid ? pid : -1;
}

bool SimWorld::server_running() const {
  const pid_t pid = server_pid();
  if (pid == child_ && child_ > 0) return ::waitpid(child_, nullptr, WNOHANG) == 0;
  return alive(pid);
}

void SimWorld::kill() {
  sim_.reset();
  const pid_t pid = server_pid();
  if (pid <= 0) return;
  ::kill(pid, SIGKILL);
  if (pid == child_) {
    ::waitpid(child_, nullptr, 0);
    child_ = -1;
  } else {
    const auto deadline = Clock::now() + kStopLimit;
    while (alive(pid) && Clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  // The pid is free for reuse now: never signal it again.
  std::filesystem::remove(dir() / "world.pid");
}

std::string SimWorld::log() const { return read_text(dir() / "world.log"); }

}  // namespace tglink::testing
