#pragma once
// Whether the head of a request frames it safely, decided before any body byte is read.
//
// A request whose length two parties could read differently is the raw material of request
// smuggling: a proxy in front of tglink and tglink itself would disagree on where the next
// request starts. So the rules of RFC 9112 are applied strictly, and anything doubtful is
// refused and the connection closed:
//   - Host (RFC 9112 §3.2): HTTP/1.1 needs exactly one; no version may send two; the value must
//     be a host with an optional port.                                        -> 400, close
//   - Transfer-Encoding (RFC 9112 §6.1, §6.3): only exactly "chunked" (any case) is understood.
//     Any other coding or list ("xchunked", "gzip", "chunked, identity")       -> 400, close
//     Transfer-Encoding in HTTP/1.0, which has no transfer codings            -> 400, close
//     Transfer-Encoding together with Content-Length                          -> 400, close
//   - Content-Length (RFC 9110 §8.6, RFC 9112 §6.3): one line of digits; a list ("5, 5") or two
//     lines, even equal ones, could be read differently by a proxy                -> 400, close
//   - Expect (RFC 9110 §10.1.1): "100-continue" in HTTP/1.1 asks for an interim 100 before the
//     body is sent; HTTP/1.0 requests must have it ignored. Any other expectation -> 417, close
//
// Pure: no I/O, so each rule is a table row in tests/http/request_framing_test.cpp.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace tglink {

using HeaderField = std::pair<std::string, std::string>;

struct RequestHead {
  unsigned version = 11;  // 10 for HTTP/1.0, 11 for HTTP/1.1
  std::span<const HeaderField> fields;
};

// Why a request is refused: the status and the JSON error body's code and message.
struct FramingRefusal {
  int status = 400;
  std::string_view error_code;
  std::string_view message;
};

struct FramingDecision {
  // Set when the request must not be served: answer with it, then close the connection.
  std::optional<FramingRefusal> refusal;
  // The client waits for "100 Continue" before it sends the body it announced.
  bool expects_continue = false;
};

[[nodiscard]] FramingDecision check_request_framing(const RequestHead& head);

// uri-host [ ":" port ] (RFC 9112 §3.2, RFC 3986 §3.2.2): a name or IPv4 address of letters,
// digits and "-._~!$&'()*+,;=" or percent escapes, or an IPv6 literal in brackets. Empty is
// allowed: it is what a client sends for a target without authority.
[[nodiscard]] bool is_valid_host_field(std::string_view value);

}  // namespace tglink
