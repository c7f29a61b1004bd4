#include "sim/control_server.hpp"

#include <cstring>
#include <stdexcept>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace tglink::sim {
namespace json = boost::json;

namespace {

json::object handle_line(const std::string& line, const ControlServer::Handler& handler) {
  boost::system::error_code error;
  json::value request = json::parse(line, error);
  if (error || !request.is_object()) {
    return json::object{{"ok", false}, {"error", "control request is not a JSON object: " + line}};
  }
  return handler(request.get_object());
}

bool write_all(int fd, const std::string& text) {
  std::size_t sent = 0;
  while (sent < text.size()) {
    ssize_t n = ::send(fd, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

ControlServer::ControlServer(std::string path, Handler handler)
    : path_(std::move(path)), handler_(std::move(handler)) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (path_.size() >= sizeof(address.sun_path)) {
    throw std::runtime_error("TGLINK_SIM_SOCKET path is too long: " + path_);
  }
  std::memcpy(address.sun_path, path_.c_str(), path_.size() + 1);
  ::unlink(path_.c_str());
  listen_fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listen_fd_ < 0 ||
      ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(listen_fd_, 16) != 0) {
    throw std::runtime_error("cannot listen on TGLINK_SIM_SOCKET " + path_ + ": " +
                             std::strerror(errno));
  }
  acceptor_ = std::thread([this] { accept_loop(); });
}

ControlServer::~ControlServer() {
  ::shutdown(listen_fd_, SHUT_RDWR);
  ::close(listen_fd_);
  if (acceptor_.joinable()) acceptor_.join();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (int fd : client_fds_) ::shutdown(fd, SHUT_RDWR);
  }
  for (std::thread& client : clients_) client.join();
  ::unlink(path_.c_str());
}

void ControlServer::accept_loop() {
  for (;;) {
    int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR) continue;
      return;  // the listening socket was shut down
    }
    std::lock_guard<std::mutex> lock(mutex_);
    client_fds_.push_back(fd);
    clients_.emplace_back([this, fd] { serve(fd); });
  }
}

void ControlServer::serve(int fd) {
  std::string buffer;
  char chunk[4096];
  for (;;) {
    ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
    if (n <= 0) break;
    buffer.append(chunk, static_cast<std::size_t>(n));
    std::size_t newline;
    bool open = true;
    while (open && (newline = buffer.find('\n')) != std::string::npos) {
      std::string line = buffer.substr(0, newline);
      buffer.erase(0, newline + 1);
      open = write_all(fd, json::serialize(handle_line(line, handler_)) + "\n");
    }
    if (!open) break;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  client_fds_.remove(fd);
  ::close(fd);
}

}  // namespace tglink::sim
