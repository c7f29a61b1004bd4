#pragma once
// Sockets on 127.0.0.1 at a free port, for the tests that need something to connect or send to:
// a listener a confined child must not reach (or must, at the one port it may), a trap that
// counts who comes, a descriptor a child must not inherit.

#include <cstdint>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tglink::testing {

// Whether a child started by exec keeps the socket (tglink's own listener would, without
// SOCK_CLOEXEC: what the confinement tests check the child does not see).
enum class OnExec { kClose, kInherit };

// A socket of `type` (SOCK_STREAM listening, SOCK_DGRAM bound) on 127.0.0.1 at a free port; -1
// when it could not be made.
inline int loopback_socket(int type, OnExec on_exec = OnExec::kClose) {
  const int fd = socket(AF_INET, type | (on_exec == OnExec::kClose ? SOCK_CLOEXEC : 0), 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      (type == SOCK_STREAM && listen(fd, 16) != 0)) {
    if (fd >= 0) close(fd);
    return -1;
  }
  return fd;
}

// The port a socket is bound to.
inline std::uint16_t port_of(int fd) {
  sockaddr_in address{};
  socklen_t size = sizeof address;
  getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
  return ntohs(address.sin_port);
}

}  // namespace tglink::testing
