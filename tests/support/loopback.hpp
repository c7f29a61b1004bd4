#pragma once
// TCP on 127.0.0.1 for tests that talk to a server of their own (tglink, a listener standing in
// for another service): the address, a connection, a port nobody listens on. Header-only, so a
// suite that links nothing of the test support (the self-test's) can use it too.

#include <cstdint>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace tglink::testing {

// 127.0.0.1:`port` (0: any free port, for bind).
inline sockaddr_in loopback_address(std::uint16_t port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return address;
}

// A connected socket to 127.0.0.1:`port` whose reads give up after `read_limit_seconds` of
// silence (0: never), or -1 when nothing accepts there.
inline int connect_loopback(std::uint16_t port, int read_limit_seconds = 0) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  if (read_limit_seconds > 0) {
    const timeval limit{read_limit_seconds, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  }
  const sockaddr_in address = loopback_address(port);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Whether something accepts connections on 127.0.0.1:`port`.
inline bool accepts_connections(std::uint16_t port) {
  const int fd = connect_loopback(port);
  if (fd < 0) return false;
  ::close(fd);
  return true;
}

// A socket bound to a free port of 127.0.0.1, not listening, so the port stays ours until the
// socket is closed; its port in `port`.
inline int bind_free_loopback_port(std::uint16_t& port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address = loopback_address(0);
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t length = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  port = ntohs(address.sin_port);
  return fd;
}

// A port of 127.0.0.1 that was free a moment ago.
inline std::uint16_t free_loopback_port() {
  std::uint16_t port = 0;
  ::close(bind_free_loopback_port(port));
  return port;
}

}  // namespace tglink::testing
