// What the escape stand-in (escape_attempts_main.cpp) aims at in a deployment, where no test
// lays out listeners for it: a Unix socket with a path, another loopback TCP port than
// tglink's, and a loopback UDP port, all listening, so that a refused attempt is the
// confinement's doing and not "nothing there". Whatever reaches them is written to a log, a
// second witness beside the stand-in's own report.
//   escape_targets LOG UNIX_SOCKET TCP_PORT UDP_PORT
// Runs until killed, or for 30 minutes at most (a deploy test's environment never outlives it by
// much). Started inside the container or the booted root whose tglink runs the stand-in
// (scripts/ci/escape-standin.sh); built static, so it needs nothing from the image.

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

// Compiled alone too (scripts/ci/escape-standin.sh): only headers beside this file.
#include "loopback.hpp"

namespace {

constexpr int kLifetimeSeconds = 30 * 60;

[[noreturn]] void die(const std::string& what) {
  std::fprintf(stderr, "escape_targets: %s: %s\n", what.c_str(), std::strerror(errno));
  std::exit(1);
}

int bound_inet(int type, int port) {
  const int fd = socket(AF_INET, type | SOCK_CLOEXEC, 0);
  const int yes = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  const sockaddr_in address = tglink::testing::loopback_address(static_cast<std::uint16_t>(port));
  if (fd < 0 || bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    die("binding 127.0.0.1:" + std::to_string(port));
  }
  if (type == SOCK_STREAM && listen(fd, 8) != 0) die("listening on " + std::to_string(port));
  return fd;
}

// Anyone may connect (0666): a refused connection must be the confinement's, not the mode's.
int listening_unix(const std::string& path) {
  const int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (fd < 0 || path.size() >= sizeof address.sun_path) die("a Unix socket at " + path);
  std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
  unlink(path.c_str());
  if (bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      chmod(path.c_str(), 0666) != 0 || listen(fd, 8) != 0) {
    die("listening on " + path);
  }
  return fd;
}

void log_line(const std::string& log, const std::string& line) {
  const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return;
  const std::string text = line + "\n";
  [[maybe_unused]] const ssize_t written = write(fd, text.data(), text.size());
  close(fd);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: escape_targets LOG UNIX_SOCKET TCP_PORT UDP_PORT\n");
    return 2;
  }
  const std::string log = argv[1];
  const std::string unix_path = argv[2];
  pollfd fds[3] = {{listening_unix(unix_path), POLLIN, 0},
                   {bound_inet(SOCK_STREAM, std::atoi(argv[3])), POLLIN, 0},
                   {bound_inet(SOCK_DGRAM, std::atoi(argv[4])), POLLIN, 0}};
  const char* const what[3] = {"a Unix socket connection", "a TCP connection", "a UDP datagram"};
  // Ready: the log exists (empty) once all three listen.
  log_line(log + ".ready", "listening");
  for (int second = 0; second < kLifetimeSeconds;) {
    const int ready = poll(fds, 3, 1000);
    if (ready == 0) ++second;
    if (ready <= 0) continue;
    for (int i = 0; i < 3; ++i) {
      if ((fds[i].revents & POLLIN) == 0) continue;
      if (i == 2) {
        char buffer[256];
        [[maybe_unused]] const ssize_t got = recv(fds[i].fd, buffer, sizeof buffer, 0);
      } else {
        const int peer = accept4(fds[i].fd, nullptr, nullptr, SOCK_CLOEXEC);
        if (peer >= 0) close(peer);
      }
      log_line(log, std::string("received ") + what[i]);
    }
  }
  return 0;
}
