#pragma once
// A blocking HTTP/1.1 client for tests, with no cleverness that could hide a server bug: one
// request per connection, the response read byte for byte, Content-Length checked.

#include <cstdint>
#include <map>
#include <string>

namespace tglink::testing {

struct HttpResult {
  int status = 0;                              // 0 when no response came
  std::map<std::string, std::string> headers;  // names lower-cased
  std::string body;
  bool complete = false;  // the body had exactly Content-Length bytes
  [[nodiscard]] std::string header(const std::string& lower_name) const;
};

struct HttpCall {
  std::string method = "GET";
  std::string target = "/";
  std::map<std::string, std::string> headers;
  std::string body;  // sent with Content-Length when not empty
};

[[nodiscard]] HttpResult http_call(std::uint16_t port, const HttpCall& call);
[[nodiscard]] HttpResult http_get(std::uint16_t port, const std::string& target);

}  // namespace tglink::testing
