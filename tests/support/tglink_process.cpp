#include "support/tglink_process.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/build_paths.hpp"
#include "support/child_environment.hpp"
#include "support/loopback.hpp"

namespace tglink::testing {
namespace {

using Clock = std::chrono::steady_clock;

int decode_status(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

}  // namespace

std::uint16_t free_tcp_port() { return free_loopback_port(); }

std::filesystem::path tglink_binary() {
  return std::filesystem::path(TGLINK_BINARY_DIR) / "tglink";
}

TglinkProcess::TglinkProcess(TglinkProcessOptions options)
    : log_path_(options.working_directory / "output.log") {
  std::vector<std::string> argv_strings{tglink_binary().string()};
  argv_strings.insert(argv_strings.end(), options.args.begin(), options.args.end());
  std::vector<std::string> env_strings = child_environment(options.env);
  std::vector<char*> argv = exec_pointers(argv_strings);
  std::vector<char*> envp = exec_pointers(env_strings);
  const int log_fd = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  pid_ = ::fork();
  if (pid_ == 0) {
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
    if (::chdir(options.working_directory.c_str()) != 0) ::_exit(126);
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  ::close(log_fd);
  if (pid_ < 0) throw std::runtime_error("fork failed");
}

TglinkProcess::~TglinkProcess() {
  if (exit_status_ == -1 && pid_ > 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
}

bool TglinkProcess::wait_until_listening(std::uint16_t port, std::chrono::milliseconds limit) {
  const auto deadline = Clock::now() + limit;
  while (Clock::now() < deadline) {
    if (accepts_connections(port)) return true;
    if (wait_for_exit(std::chrono::milliseconds(0)) != -1) return false;  // it died
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

int TglinkProcess::wait_for_exit(std::chrono::milliseconds limit) {
  const auto deadline = Clock::now() + limit;
  while (exit_status_ == -1) {
    int status = 0;
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      exit_status_ = decode_status(status);
      break;
    }
    if (Clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return exit_status_;
}

int TglinkProcess::stop(int signal, std::chrono::milliseconds limit) {
  if (exit_status_ == -1) ::kill(pid_, signal);
  return wait_for_exit(limit);
}

std::string TglinkProcess::output() const {
  std::ifstream in(log_path_);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

CompletedRun run_tglink(TglinkProcessOptions options, std::chrono::milliseconds limit) {
  TglinkProcess process{std::move(options)};
  const int status = process.wait_for_exit(limit);
  return CompletedRun{status, process.output()};
}

}  // namespace tglink::testing
