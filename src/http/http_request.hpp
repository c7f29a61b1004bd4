#pragma once
// A parsed request as handlers see it: no Beast types, so handlers and their tests build
// quickly. Header names are stored lower-case; lookups are case-insensitive.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "http/http_response.hpp"

namespace tglink {

struct HttpRequest {
  std::string method;  // "GET", "HEAD", ...
  // Path plus optional "?query" (an absolute-form target reduced to this, RFC 9112 §3.2.2), or
  // "*" for a server-wide OPTIONS.
  std::string target;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string peer_address;    // the TCP peer
  std::string client_address;  // after trusted-proxy resolution of X-Forwarded-For
  std::string body;            // at most kRequestBodyLimit bytes (http/request_reader.hpp)
  // Set by the connection when the request cannot be served as sent (malformed, too large, or
  // framed in a way RFC 9112 forbids; http/request_framing.hpp). It is still passed to the
  // handler, so that it is rate-limited and carries the X-RateLimit-* headers like any other
  // request, but whoever answers it must send this response and route nothing; the connection
  // closes afterwards. Fields above may be empty when the head could not be read.
  std::optional<HttpResponse> rejection;

  [[nodiscard]] std::string_view path() const;
  [[nodiscard]] std::string_view query() const;
  [[nodiscard]] std::optional<std::string_view> header(std::string_view name) const;
  // Every line of a repeatable header joined with ", " (RFC 9110 §5.3), e.g. X-Forwarded-For.
  [[nodiscard]] std::string joined_header(std::string_view name) const;
  // The value of one query parameter, percent-decoded; nullopt when absent or badly encoded.
  [[nodiscard]] std::optional<std::string> query_param(std::string_view name) const;
  [[nodiscard]] bool is_head() const { return method == "HEAD"; }
};

}  // namespace tglink
