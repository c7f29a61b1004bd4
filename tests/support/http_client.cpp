#include "support/http_client.hpp"

#include <algorithm>
#include <cctype>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "support/eventually.hpp"
#include "support/loopback.hpp"

namespace tglink::testing {
namespace {

std::string read_all(int fd) {
  std::string data;
  char chunk[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n <= 0) break;
    data.append(chunk, static_cast<std::size_t>(n));
  }
  return data;
}

std::string lower(std::string s) {
  std::ranges::transform(s, s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

void parse_head(const std::string& head, HttpResult& result) {
  std::size_t line_end = head.find("\r\n");
  const std::string status_line = head.substr(0, line_end);
  if (status_line.size() >= 12) result.status = std::stoi(status_line.substr(9, 3));
  while (line_end != std::string::npos && line_end + 2 < head.size()) {
    const std::size_t start = line_end + 2;
    line_end = head.find("\r\n", start);
    const std::string line = head.substr(start, line_end - start);
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(' '));
    result.headers[lower(line.substr(0, colon))] = value;
  }
}

}  // namespace

std::string HttpResult::header(const std::string& lower_name) const {
  const auto it = headers.find(lower_name);
  return it == headers.end() ? std::string{} : it->second;
}

HttpResult http_call(std::uint16_t port, const HttpCall& call) {
  HttpResult result;
  const int fd = connect_loopback(port, static_cast<int>(kHangLimit.count()));
  if (fd < 0) return result;
  std::string request = call.method + " " + call.target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  for (const auto& [name, value] : call.headers) request += name + ": " + value + "\r\n";
  if (!call.body.empty()) request += "Content-Length: " + std::to_string(call.body.size()) + "\r\n";
  request += "Connection: close\r\n\r\n" + call.body;
  (void)!::write(fd, request.data(), request.size());
  const std::string data = read_all(fd);
  ::close(fd);
  const std::size_t head_end = data.find("\r\n\r\n");
  if (head_end == std::string::npos) return result;
  parse_head(data.substr(0, head_end + 2), result);
  result.body = data.substr(head_end + 4);
  const std::string length = result.header("content-length");
  const bool no_body = call.method == "HEAD" || result.status == 304;
  result.complete =
      no_body ? result.body.empty() : !length.empty() && std::stoull(length) == result.body.size();
  return result;
}

HttpResult http_get(std::uint16_t port, const std::string& target) {
  return http_call(port, HttpCall{.method = "GET", .target = target, .headers = {}, .body = {}});
}

}  // namespace tglink::testing
