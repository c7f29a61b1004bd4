#include "support/raw_http_socket.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "support/loopback.hpp"

namespace tglink::testing {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// "HTTP/1.1 200 OK\r\nA: b\r\n..." (without the blank line) into status and headers.
RawResponse parse_head(std::string_view head) {
  RawResponse response;
  std::size_t line_end = head.find("\r\n");
  const std::string_view status_line = head.substr(0, line_end);
  if (status_line.size() >= 12 && status_line.starts_with("HTTP/1.")) {
    response.status = std::stoi(std::string(status_line.substr(9, 3)));
  }
  while (line_end != std::string_view::npos) {
    const std::size_t start = line_end + 2;
    line_end = head.find("\r\n", start);
    const std::string_view line = head.substr(start, line_end - start);
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    response.headers.emplace_back(lower(line.substr(0, colon)),
                                  std::string(trim(line.substr(colon + 1))));
  }
  return response;
}

bool has_no_body(int status, bool to_head) {
  return to_head || (status >= 100 && status < 200) || status == 204 || status == 304;
}

}  // namespace

std::optional<std::string> RawResponse::header(std::string_view lower_name) const {
  EXPECT_LE(count(lower_name), 1U) << "the response repeats " << lower_name;
  for (const auto& [name, value] : headers) {
    if (name == lower_name) return value;
  }
  return std::nullopt;
}

std::size_t RawResponse::count(std::string_view lower_name) const {
  return static_cast<std::size_t>(
      std::count_if(headers.begin(), headers.end(),
                    [&](const auto& field) { return field.first == lower_name; }));
}

RawHttpSocket::RawHttpSocket(std::uint16_t port, int read_limit_seconds)
    : fd_(connect_loopback(port, read_limit_seconds)) {
  if (fd_ < 0) throw std::runtime_error("cannot connect to 127.0.0.1:" + std::to_string(port));
}

RawHttpSocket::~RawHttpSocket() { ::close(fd_); }

void RawHttpSocket::send(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent <= 0) return;  // the server closed; the next read will tell
    bytes.remove_prefix(static_cast<std::size_t>(sent));
  }
}

bool RawHttpSocket::fill() {
  std::array<char, 65536> chunk{};
  const ssize_t got = ::recv(fd_, chunk.data(), chunk.size(), 0);
  if (got <= 0) return false;
  buffer_.append(chunk.data(), static_cast<std::size_t>(got));
  return true;
}

std::optional<RawResponse> RawHttpSocket::read_response(bool to_head) {
  std::size_t head_end = std::string::npos;
  while ((head_end = buffer_.find("\r\n\r\n")) == std::string::npos) {
    if (!fill()) return std::nullopt;
  }
  RawResponse response = parse_head(std::string_view(buffer_).substr(0, head_end));
  buffer_.erase(0, head_end + 4);
  if (has_no_body(response.status, to_head)) return response;
  const std::optional<std::string> length = response.header("content-length");
  if (!length) {
    while (fill()) {
    }
    response.body = std::move(buffer_);
    buffer_.clear();
    return response;
  }
  const std::size_t size = std::stoull(*length);
  while (buffer_.size() < size && fill()) {
  }
  response.body = buffer_.substr(0, size);
  buffer_.erase(0, std::min(size, buffer_.size()));
  return response;
}

bool RawHttpSocket::closed_by_server() {
  if (!buffer_.empty()) return false;
  std::array<char, 1> byte{};
  return ::recv(fd_, byte.data(), byte.size(), 0) == 0;
}

}  // namespace tglink::testing
