#include "http/request_reader.hpp"

#include <cstdint>

#include <boost/beast/http/error.hpp>

#include "http/header_text.hpp"
#include "http/request_target.hpp"

namespace tglink {
namespace {

namespace http = boost::beast::http;

// A parse error of the request itself, as opposed to the client going away or timing out.
bool is_malformed_request(const boost::beast::error_code& ec) {
  const bool from_parser = ec.category() == make_error_code(http::error::bad_target).category();
  return from_parser && ec != http::error::end_of_stream && ec != http::error::partial_message;
}

}  // namespace

void apply_request_limits(RequestParser& parser, std::size_t header_limit) {
  parser.header_limit(static_cast<std::uint32_t>(header_limit));
  parser.body_limit(kRequestBodyLimit);
}

boost::beast::error_code check_header_size(std::size_t header_bytes, std::size_t header_limit) {
  if (header_bytes > header_limit) return http::error::header_limit;
  return {};
}

std::optional<ReadRejection> rejection_for(const boost::beast::error_code& ec) {
  if (ec == http::error::header_limit) {
    return ReadRejection{431, "HEADERS_TOO_LARGE", "Request headers are too large"};
  }
  if (ec == http::error::body_limit) {
    return ReadRejection{413, "BODY_TOO_LARGE", "The request body is over 64 KiB"};
  }
  if (is_malformed_request(ec)) {
    return ReadRejection{400, "BAD_REQUEST", "Malformed HTTP request"};
  }
  return std::nullopt;
}

namespace {

// RFC 9112 §3.2.2: with an absolute-form target the server ignores the Host header it got and
// uses the target's authority instead.
void take_authority(HttpRequest& request, const std::string& authority) {
  for (auto& [name, value] : request.headers) {
    if (iequals_ascii(name, "Host")) value = authority;
  }
}

}  // namespace

HttpRequest to_request(const RequestMessage& message, const std::string& peer) {
  HttpRequest request;
  request.method = std::string(message.method_string());
  for (const auto& field : message) {
    request.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
  }
  request.peer_address = peer;
  request.client_address = peer;
  const std::optional<RequestTarget> target =
      parse_request_target(request.method, message.target());
  if (!target) {
    request.target = std::string(message.target());
    request.rejection = json_error(
        400, "BAD_REQUEST", "The request target is not a path, an http URL, or * for OPTIONS");
    return request;
  }
  request.target = target->origin;
  if (target->authority) take_authority(request, *target->authority);
  return request;
}

}  // namespace tglink
