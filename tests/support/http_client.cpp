#include "support/http_client.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "support/eventually.hpp"
#include "support/loopback.hpp"

namespace tglink::testing {
namespace {

// Appends what `fd` sends until it closes. A body is read into storage reserved from its
// Content-Length: grown by doubling, a large download was copied and its pages touched several
// times over, which under ASan (fresh mappings for every large block) cost more than the test.
void read_until_closed(int fd, std::string& data) {
  char chunk[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n <= 0) break;
    data.append(chunk, static_cast<std::size_t>(n));
  }
}

// Reads up to and including the blank line that ends the head; what came after it is `rest`.
std::string read_head(int fd, std::string& rest) {
  std::string data;
  char chunk[1 << 12];
  for (;;) {
    const std::size_t end = data.find("\r\n\r\n");
    if (end != std::string::npos) {
      rest = data.substr(end + 4);
      data.resize(end + 4);
      return data;
    }
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n <= 0) return {};
    data.append(chunk, static_cast<std::size_t>(n));
  }
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
  const std::string head = read_head(fd, result.body);
  if (head.empty()) {
    ::close(fd);
    return result;
  }
  parse_head(head.substr(0, head.size() - 2), result);
  const std::string length = result.header("content-length");
  // A wrong Content-Length must not make the client reserve gigabytes: it only shows up as an
  // incomplete body.
  constexpr std::uint64_t kLargestReserve = 256ULL << 20;
  std::uint64_t announced = 0;
  const auto [end, error] =
      std::from_chars(length.data(), length.data() + length.size(), announced);
  const bool announced_length =
      !length.empty() && error == std::errc{} && end == length.data() + length.size();
  if (announced_length && announced <= kLargestReserve) {
    result.body.reserve(static_cast<std::size_t>(announced));
  }
  read_until_closed(fd, result.body);
  ::close(fd);
  const bool no_body = call.method == "HEAD" || result.status == 304;
  result.complete =
      no_body ? result.body.empty() : announced_length && announced == result.body.size();
  return result;
}

HttpResult http_get(std::uint16_t port, const std::string& target) {
  return http_call(port, HttpCall{.method = "GET", .target = target, .headers = {}, .body = {}});
}

}  // namespace tglink::testing
