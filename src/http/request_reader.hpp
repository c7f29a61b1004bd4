#pragma once
// How a request comes off a connection: Beast's parser under tglink's limits, the HttpRequest
// handlers see, and what a read that failed means for the client. connection.cpp reads with
// these, and so does the fuzz target of the HTTP request reader (tests/fuzz/), so the fuzzer
// checks the very parser settings the server uses.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <boost/beast/core/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include "http/http_request.hpp"

namespace tglink {

using RequestParser = boost::beast::http::request_parser<boost::beast::http::string_body>;
using RequestMessage = boost::beast::http::request<boost::beast::http::string_body>;

// No endpoint takes a body; small ones are read and ignored, larger ones refused with 413.
inline constexpr std::size_t kRequestBodyLimit = std::size_t{64} * 1024;

// Sets the limits every request is read under: `header_limit` bytes for the request line and
// headers together (431 beyond), kRequestBodyLimit for the body (413 beyond).
void apply_request_limits(RequestParser& parser, std::size_t header_limit);

// Beast applies its header limit to the request line and to the fields each on their own, so a
// header of up to twice the limit got through (found by fuzzing). Read the header first
// (http::read_header reports its size), then this is the limit on the whole: header_limit as
// the error when `header_bytes` is over, otherwise no error.
[[nodiscard]] boost::beast::error_code check_header_size(std::size_t header_bytes,
                                                         std::size_t header_limit);

// The error answer a failed read gets before the connection closes.
struct ReadRejection {
  int status = 400;
  std::string_view code;
  std::string_view message;
};

// 431, 413 or 400 for a request that broke a limit or the syntax; nullopt when the client went
// away or timed out mid-request, which gets no answer.
[[nodiscard]] std::optional<ReadRejection> rejection_for(const boost::beast::error_code& ec);

// The request as handlers see it; both addresses are the TCP peer until proxies are resolved.
// Its target is in origin form (http/request_target.hpp): an absolute-form target is reduced to
// its path, and its authority replaces the Host header; a target in no form a server accepts
// sets the request's rejection (400).
[[nodiscard]] HttpRequest to_request(const RequestMessage& message, const std::string& peer);

}  // namespace tglink
