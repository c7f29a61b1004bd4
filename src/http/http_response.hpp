#pragma once
// A complete response (status, headers, small body) and the JSON error bodies of the spec.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tglink {

struct HttpResponse {
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;

  // Replaces an existing header of the same name (case-insensitive) or adds it.
  void set_header(std::string_view name, std::string value);
  [[nodiscard]] std::optional<std::string_view> header(std::string_view name) const;
};

// {"status":"error","message":...,"error_code":...[,"retry_after":N]} with the matching
// Content-Type, and Retry-After when retry_after is set. Every error tglink sends uses it.
[[nodiscard]] HttpResponse json_error(int status, std::string_view error_code,
                                      std::string_view message,
                                      std::optional<std::int64_t> retry_after = std::nullopt);

[[nodiscard]] HttpResponse json_response(int status, std::string body);

// False for the statuses that must not carry Content-Length: 1xx and 204 (RFC 9110 §8.6), and
// 304, whose Content-Length would have to be that of the 200 it stands for, which no handler
// knows when it answers 304 (so none is sent).
[[nodiscard]] bool sends_content_length(int status);

}  // namespace tglink
