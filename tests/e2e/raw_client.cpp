#include "e2e/raw_client.hpp"

#include <algorithm>
#include <cerrno>
#include <fstream>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tglink::testing {
namespace {

using Clock = std::chrono::steady_clock;

int milliseconds_left(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return static_cast<int>(std::max<std::int64_t>(left.count(), 0));
}

// One recv once the socket is readable: bytes, 0 at EOF or reset, -1 when `deadline` passed.
ssize_t receive(int fd, char* data, std::size_t size, Clock::time_point deadline) {
  for (;;) {
    pollfd poller{fd, POLLIN, 0};
    const int ready = ::poll(&poller, 1, milliseconds_left(deadline));
    if (ready == 0) return -1;
    if (ready < 0 && errno == EINTR) continue;
    const ssize_t n = ::recv(fd, data, size, 0);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    return std::max<ssize_t>(n, 0);
  }
}

std::int64_t content_length_of(const std::string& head) {
  std::string lower(head);
  std::ranges::transform(lower, lower.begin(), [](unsigned char c) { return std::tolower(c); });
  const std::size_t at = lower.find("\r\ncontent-length:");
  if (at == std::string::npos) return -1;
  return std::stoll(lower.substr(at + 17));
}

}  // namespace

RawClient::RawClient(std::uint16_t port, int receive_buffer, std::string_view source) {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) return;
  if (receive_buffer > 0) {
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);
  }
  if (!source.empty()) {
    sockaddr_in from{};
    from.sin_family = AF_INET;
    if (::inet_pton(AF_INET, std::string(source).c_str(), &from.sin_addr) != 1 ||
        ::bind(fd_, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) {
      close();
      return;
    }
  }
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) close();
}

RawClient::~RawClient() { close(); }

std::size_t RawClient::receive_buffer() const {
  int size = 0;
  socklen_t length = sizeof size;
  ::getsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &size, &length);
  return static_cast<std::size_t>(size);
}

bool RawClient::send(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

ResponseHead RawClient::read_head(std::chrono::milliseconds limit) {
  const Clock::time_point deadline = Clock::now() + limit;
  std::string data = std::move(pending_);
  pending_.clear();
  std::size_t end = data.find("\r\n\r\n");
  char chunk[4096];
  while (end == std::string::npos) {
    const ssize_t n = receive(fd_, chunk, sizeof chunk, deadline);
    if (n <= 0) return {};
    data.append(chunk, static_cast<std::size_t>(n));
    end = data.find("\r\n\r\n");
  }
  ResponseHead head;
  head.text = data.substr(0, end + 2);
  pending_ = data.substr(end + 4);
  if (head.text.starts_with("HTTP/1.1 ") && head.text.size() >= 12) {
    head.status = std::stoi(head.text.substr(9, 3));
  }
  head.content_length = content_length_of(head.text);
  return head;
}

std::string RawClient::read_some(std::size_t max, std::chrono::milliseconds limit) {
  if (!pending_.empty()) {
    std::string out = pending_.substr(0, max);
    pending_.erase(0, out.size());
    return out;
  }
  std::string out(max, '\0');
  const ssize_t n = receive(fd_, out.data(), max, Clock::now() + limit);
  out.resize(static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
  return out;
}

std::uint64_t RawClient::drain(std::uint64_t max, std::chrono::milliseconds limit) {
  const Clock::time_point deadline = Clock::now() + limit;
  std::uint64_t total = std::min<std::uint64_t>(pending_.size(), max);
  pending_.erase(0, static_cast<std::size_t>(total));
  // Into one buffer: a fresh string per read was a fresh block each time under ASan.
  char chunk[1 << 16];
  while (total < max) {
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(max - total, sizeof chunk));
    const ssize_t n = receive(fd_, chunk, want, deadline);
    if (n <= 0) break;
    total += static_cast<std::uint64_t>(n);
  }
  return total;
}

bool RawClient::closed_by_server(std::chrono::milliseconds limit) {
  const Clock::time_point deadline = Clock::now() + limit;
  pending_.clear();
  char chunk[1 << 16];
  for (;;) {
    const ssize_t n = receive(fd_, chunk, sizeof chunk, deadline);
    if (n == 0) return true;
    if (n < 0) return false;
  }
}

void RawClient::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

std::string get_request(std::string_view target, bool keep_alive) {
  std::string request = "GET " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  if (!keep_alive) request += "Connection: close\r\n";
  return request + "\r\n";
}

std::uint64_t tcp_send_buffer_max() {
  std::ifstream in("/proc/sys/net/ipv4/tcp_wmem");
  std::uint64_t minimum = 0;
  std::uint64_t initial = 0;
  std::uint64_t maximum = 0;
  in >> minimum >> initial >> maximum;
  return maximum > 0 ? maximum : 4 * 1024 * 1024;
}

}  // namespace tglink::testing
