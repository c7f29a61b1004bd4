#include "sim/world_starter.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace tglink::sim {
namespace {

// Generous: the server may start under sanitizers on a loaded machine.
constexpr std::chrono::seconds kStartLimit{60};

// Holds a file lock until destroyed.
class FileLock {
 public:
  explicit FileLock(const std::string& path)
      : fd_(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
    if (fd_ < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
    while (::flock(fd_, LOCK_EX) != 0) {
      if (errno != EINTR) {
        ::close(fd_);
        throw std::runtime_error("cannot lock " + path + ": " + std::strerror(errno));
      }
    }
  }
  ~FileLock() { ::close(fd_); }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_;
};

std::string log_tail(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  const std::string all = text.str();
  return all.size() > 2000 ? all.substr(all.size() - 2000) : all;
}

// Starts `binary dir` as a daemon: a new session, stdin from /dev/null, stdout and stderr to the
// log, no other descriptor of ours (a listening port of the caller must not outlive it). Only
// async-signal-safe calls between fork and exec: the caller has threads.
void spawn_detached(const std::string& binary, const WorldPaths& paths) {
  const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  const int log_fd =
      ::open(paths.log_file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (null_fd < 0 || log_fd < 0) {
    throw std::runtime_error("cannot open " + paths.log_file + ": " + std::strerror(errno));
  }
  std::vector<char*> argv{const_cast<char*>(binary.c_str()), const_cast<char*>(paths.dir.c_str()),
                          nullptr};
  const pid_t child = ::fork();
  if (child == 0) {
    ::setsid();
    if (::fork() != 0) ::_exit(0);  // the grandchild is adopted by init, never our zombie
    ::dup2(null_fd, STDIN_FILENO);
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
    ::close_range(3, ~0U, 0);
    ::execve(argv[0], argv.data(), environ);
    ::_exit(127);
  }
  ::close(null_fd);
  ::close(log_fd);
  if (child < 0) throw std::runtime_error(std::string("fork failed: ") + std::strerror(errno));
  while (::waitpid(child, nullptr, 0) < 0 && errno == EINTR) {
  }
}

int wait_for_server(const WorldPaths& paths) {
  const auto deadline = std::chrono::steady_clock::now() + kStartLimit;
  while (std::chrono::steady_clock::now() < deadline) {
    const int fd = connect_unix(paths.tdjson_socket);
    if (fd >= 0) return fd;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return -1;
}

}  // namespace

int connect_to_world(const WorldPaths& paths, const std::string& server_binary) {
  if (const int fd = connect_unix(paths.tdjson_socket); fd >= 0) return fd;
  std::error_code error;
  std::filesystem::create_directories(paths.dir, error);
  if (error) throw std::runtime_error("cannot create " + paths.dir + ": " + error.message());
  FileLock starting{paths.start_lock};
  // Someone may have started it while we waited for the lock.
  if (const int fd = connect_unix(paths.tdjson_socket); fd >= 0) return fd;
  if (::access(server_binary.c_str(), X_OK) != 0) {
    throw std::runtime_error("the world server " + server_binary +
                             " is missing: build it with the simulator");
  }
  spawn_detached(server_binary, paths);
  const int fd = wait_for_server(paths);
  if (fd < 0) {
    throw std::runtime_error("the world server for " + paths.dir + " did not start within " +
                             std::to_string(kStartLimit.count()) + " s; " + paths.log_file +
                             " says:\n" + log_tail(paths.log_file));
  }
  return fd;
}

}  // namespace tglink::sim
