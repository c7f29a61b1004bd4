#include "sim/world_protocol.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace tglink::sim {
namespace {

struct FrameHeader {
  std::uint32_t kind;
  std::int32_t client_id;
  std::uint32_t size;
};

// A frame larger than this is a broken stream, not a request.
constexpr std::uint32_t kMaxPayload = 64u << 20;

bool write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::send(fd, data, size, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool read_all(int fd, char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::recv(fd, data, size, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool unix_address(const std::string& path, sockaddr_un& address) {
  address = sockaddr_un{};
  address.sun_family = AF_UNIX;
  if (path.size() >= sizeof(address.sun_path)) return false;
  std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
  return true;
}

}  // namespace

WorldPaths::WorldPaths(std::string world_dir)
    : dir(std::move(world_dir)),
      tdjson_socket(dir + "/tdjson.sock"),
      control_socket(dir + "/control.sock"),
      pid_file(dir + "/world.pid"),
      server_lock(dir + "/world.lock"),
      start_lock(dir + "/start.lock"),
      log_file(dir + "/world.log") {}

bool write_frame(int fd, const Frame& frame) {
  const FrameHeader header{static_cast<std::uint32_t>(frame.kind), frame.client_id,
                           static_cast<std::uint32_t>(frame.payload.size())};
  // One buffer, one send: frames of several writers never interleave mid-frame.
  std::string bytes(sizeof header + frame.payload.size(), '\0');
  std::memcpy(bytes.data(), &header, sizeof header);
  std::memcpy(bytes.data() + sizeof header, frame.payload.data(), frame.payload.size());
  return write_all(fd, bytes.data(), bytes.size());
}

std::optional<Frame> read_frame(int fd) {
  FrameHeader header{};
  if (!read_all(fd, reinterpret_cast<char*>(&header), sizeof header)) return std::nullopt;
  if (header.kind < static_cast<std::uint32_t>(FrameKind::kCreateClient) ||
      header.kind > static_cast<std::uint32_t>(FrameKind::kOutput) || header.size > kMaxPayload) {
    return std::nullopt;
  }
  Frame frame{static_cast<FrameKind>(header.kind), header.client_id,
              std::string(header.size, '\0')};
  if (!read_all(fd, frame.payload.data(), frame.payload.size())) return std::nullopt;
  return frame;
}

int connect_unix(const std::string& path) {
  sockaddr_un address{};
  if (!unix_address(path, address)) {
    errno = ENAMETOOLONG;
    return -1;
  }
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int error = errno;
    ::close(fd);
    errno = error;
    return -1;
  }
  return fd;
}

int listen_unix(const std::string& path, std::string_view what) {
  sockaddr_un address{};
  if (!unix_address(path, address)) {
    throw std::runtime_error(std::string(what) + " path is too long: " + path);
  }
  ::unlink(path.c_str());
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0 || ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(fd, 64) != 0) {
    const std::string reason = std::strerror(errno);
    if (fd >= 0) ::close(fd);
    throw std::runtime_error("cannot listen on " + std::string(what) + " " + path + ": " + reason);
  }
  return fd;
}

}  // namespace tglink::sim
