#include "app/local_port.hpp"

#include <cerrno>
#include <cstring>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tglink {

namespace {

// A connected socket, or -1 with `error` set.
int connect_to(const std::string& address, std::uint16_t port, int seconds, std::string& error) {
  sockaddr_storage storage{};
  socklen_t length = 0;
  auto* v4 = reinterpret_cast<sockaddr_in*>(&storage);
  auto* v6 = reinterpret_cast<sockaddr_in6*>(&storage);
  if (::inet_pton(AF_INET, address.c_str(), &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons(port);
    length = sizeof *v4;
  } else if (::inet_pton(AF_INET6, address.c_str(), &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(port);
    length = sizeof *v6;
  } else {
    error = "\"" + address + "\" is not an IP address";
    return -1;
  }
  const int fd = ::socket(storage.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    error = std::strerror(errno);
    return -1;
  }
  timeval timeout{seconds, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&storage), length) != 0) {
    error = "cannot connect to " + address + " port " + std::to_string(port) + ": " +
            std::strerror(errno);
    ::close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

std::string local_address_for(const std::string& bind_address) {
  if (bind_address.empty() || bind_address == "0.0.0.0") return "127.0.0.1";
  if (bind_address == "::" || bind_address == "[::]") return "::1";
  return bind_address;
}

bool someone_listens_on(const std::string& bind_address, std::uint16_t port) {
  std::string error;
  const int fd = connect_to(local_address_for(bind_address), port, 2, error);
  if (fd < 0) return false;
  ::close(fd);
  return true;
}

int local_http_status(const std::string& bind_address, std::uint16_t port, const std::string& path,
                      int seconds, std::string& error) {
  const int fd = connect_to(local_address_for(bind_address), port, seconds, error);
  if (fd < 0) return 0;
  const std::string request = "GET " + path + " HTTP/1.0\r\nHost: localhost\r\n\r\n";
  if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) !=
      static_cast<ssize_t>(request.size())) {
    error = std::string("cannot send the request: ") + std::strerror(errno);
    ::close(fd);
    return 0;
  }
  char head[64] = {};
  const ssize_t got = ::recv(fd, head, sizeof head - 1, MSG_WAITALL);
  ::close(fd);
  // "HTTP/1.1 200 OK": the status is the three digits after the first space.
  const char* space = got > 0 ? std::strchr(head, ' ') : nullptr;
  if (space == nullptr || std::strlen(space) < 4) {
    error = "no HTTP answer within " + std::to_string(seconds) + " s";
    return 0;
  }
  return (space[1] - '0') * 100 + (space[2] - '0') * 10 + (space[3] - '0');
}

}  // namespace tglink
