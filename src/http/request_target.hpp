#pragma once
// The request-target of RFC 9112 §3.2, in all the forms a server must understand, reduced to the
// origin form ("/path?query") the routes match against.
//
//   - origin-form "/dl/TOKEN?x": as it is.
//   - absolute-form "http://host:8080/dl/TOKEN?x" (§3.2.2, sent by proxies and some clients):
//     the scheme must be http or https and the authority a host with an optional port, without
//     user information (RFC 9110 §4.2.4); the path (or "/" when there is none) is what is
//     served, and the target's authority takes the place of the Host header, which the server
//     "MUST ignore" then.
//   - asterisk-form "*" (§3.2.4): only for OPTIONS, the server as a whole.
//   - anything else (authority-form belongs to CONNECT, which is not served) is refused: 400.
//
// Pure: no I/O, so the fuzz target of the request reader and the table tests reach it.

#include <optional>
#include <string>
#include <string_view>

namespace tglink {

struct RequestTarget {
  std::string origin;                    // "/path?query", or "*"
  std::optional<std::string> authority;  // from an absolute-form target: "host:port"
};

// nullopt for a target that is none of the forms above (or "*" with another method than OPTIONS).
[[nodiscard]] std::optional<RequestTarget> parse_request_target(std::string_view method,
                                                                std::string_view target);

}  // namespace tglink
