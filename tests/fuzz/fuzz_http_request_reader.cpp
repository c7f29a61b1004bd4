// Fuzz target: the HTTP request reader. Bytes arrive in pieces of a chosen size, as from a slow
// or odd client, and requests are read off them one after another with Beast's http::read_header
// and http::read under the parser settings and header check the server itself uses
// (http/request_reader.hpp), as the connection loop does: one buffer for the connection, a new
// parser per request, until an error or "close".
//
// Input: byte 0 picks the size of the pieces the bytes arrive in (1-64 bytes), byte 1 the header
// limit (64 bytes to 4 KiB, so the fuzzer can reach it); the rest is what the client sends.
//
// Invariants:
//  - a read either gives a request or fails; a failure is 400, 413, 431 or "client gone";
//  - a request's start line and headers fit the header limit, and its body the body limit;
//  - the HttpRequest handlers see holds every header field, found by a case-insensitive lookup;
//  - path() and query() split the target at its first '?' and lose nothing;
//  - handlers see an origin-form target ("/…", an absolute-form one reduced to it) or "*" for
//    OPTIONS; any other target is refused with 400;
//  - the reader consumes bytes it was given and never more.

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/buffer.hpp>
#include <boost/asio/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>

#include "http/request_framing.hpp"
#include "http/request_reader.hpp"

namespace {

namespace beast = boost::beast;
namespace http = beast::http;

// More than this many requests on one connection adds no coverage, only time.
constexpr int kMaxRequestsPerInput = 16;

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz_http_request_reader invariant broken: %s\n", what);
  std::abort();
}

// A SyncReadStream over fixed bytes that hands out at most `piece` bytes per read, then EOF.
class PiecewiseStream {
 public:
  PiecewiseStream(std::string_view bytes, std::size_t piece) : bytes_(bytes), piece_(piece) {}

  template <typename MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers, beast::error_code& ec) {
    if (bytes_.empty()) {
      ec = boost::asio::error::eof;
      return 0;
    }
    ec = {};
    const std::size_t count = boost::asio::buffer_copy(
        buffers, boost::asio::buffer(bytes_.data(), std::min(piece_, bytes_.size())));
    bytes_.remove_prefix(count);
    delivered_ += count;
    return count;
  }

  template <typename MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers) {
    beast::error_code ec;
    const std::size_t count = read_some(buffers, ec);
    if (ec) throw beast::system_error(ec);
    return count;
  }

  [[nodiscard]] std::size_t delivered() const { return delivered_; }

 private:
  std::string_view bytes_;
  std::size_t piece_;
  std::size_t delivered_ = 0;
};

void check_rejection(const beast::error_code& ec) {
  const std::optional<tglink::ReadRejection> rejection = tglink::rejection_for(ec);
  if (!rejection) return;
  require(rejection->status == 400 || rejection->status == 413 || rejection->status == 431,
          "a refused request gets 400, 413 or 431");
  require(!rejection->code.empty() && !rejection->message.empty(), "a refusal says why");
  if (ec == http::error::header_limit) require(rejection->status == 431, "header limit: 431");
  if (ec == http::error::body_limit) require(rejection->status == 413, "body limit: 413");
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// The framing check the connection makes on every head (RFC 9112 §3.2, §6): whatever it
// accepts has one unambiguous length, so no bytes of a body can be read as a next request.
// Returns whether the request would be served (a refused one closes the connection).
bool check_framing(const tglink::RequestMessage& message, const tglink::HttpRequest& request) {
  const tglink::FramingDecision framing =
      tglink::check_request_framing(tglink::RequestHead{message.version(), request.headers});
  std::size_t hosts = 0;
  std::size_t codings = 0;
  bool unknown_coding = false;
  for (const auto& field : message) {
    if (field.name() == http::field::host) ++hosts;
    if (field.name() != http::field::transfer_encoding) continue;
    ++codings;
    unknown_coding |= lower(field.value()).find("chunked") == std::string::npos;
  }
  const bool has_length = message.find(http::field::content_length) != message.end();
  const bool must_refuse = (message.version() == 11 && hosts != 1) || hosts > 1 ||
                           (codings > 0 && has_length) ||
                           (codings > 0 && message.version() == 10) || unknown_coding;
  if (must_refuse) require(framing.refusal.has_value(), "ambiguous framing or Host is refused");
  if (!framing.refusal) return true;
  const int status = framing.refusal->status;
  require(status == 400 || status == 413 || status == 417, "a framing refusal is 400, 413 or 417");
  require(!framing.refusal->error_code.empty() && !framing.refusal->message.empty(),
          "a framing refusal says why");
  return false;
}

// Checks one request read to its end; returns whether it would be served.
bool check_request(const tglink::RequestMessage& message, std::size_t header_bytes,
                   std::size_t header_limit) {
  require(header_bytes <= header_limit, "the header fits the header limit");
  require(message.body().size() <= tglink::kRequestBodyLimit, "the body fits the body limit");

  const tglink::HttpRequest request = tglink::to_request(message, "192.0.2.1");
  require(!request.method.empty() && !request.target.empty(), "a method and a target");
  std::size_t fields = 0;
  for (const auto& field : message) {
    ++fields;
    std::string upper(field.name_string());
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    require(request.header(upper).has_value(), "every field is found, in any case");
  }
  require(request.headers.size() == fields, "every field is kept");
  const std::string_view path = request.path();
  const std::string_view query = request.query();
  const std::string rebuilt =
      std::string(path) + (path.size() < request.target.size() ? "?" : "") + std::string(query);
  require(rebuilt == request.target, "path and query are the target");
  require(path.find('?') == std::string_view::npos, "the path ends at the first '?'");
  if (request.rejection) {  // a target in none of RFC 9112's forms (http/request_target.hpp)
    require(request.rejection->status == 400, "a target in no accepted form is 400");
    return false;
  }
  require(request.target.starts_with('/') || (request.target == "*" && request.method == "OPTIONS"),
          "handlers see a path, or * for OPTIONS");
  return check_framing(message, request);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::size_t piece = 1 + data[0] % 64;
  const std::size_t header_limit = 64 + std::size_t{data[1]} * 16;
  const std::string_view wire(reinterpret_cast<const char*>(data) + 2, size - 2);

  PiecewiseStream stream(wire, piece);
  beast::flat_buffer buffer;
  std::size_t consumed = 0;  // bytes of earlier requests
  for (int i = 0; i < kMaxRequestsPerInput; ++i) {
    tglink::RequestParser parser;
    tglink::apply_request_limits(parser, header_limit);
    // As BeastConnection::read_request: the header, its size checked, then the rest.
    beast::error_code ec;
    const std::size_t header_read = http::read_header(stream, buffer, parser, ec);
    if (!ec) ec = tglink::check_header_size(header_read, header_limit);
    if (!ec) http::read(stream, buffer, parser, ec);
    require(stream.delivered() <= wire.size(), "never more than was sent");
    if (ec) {
      check_rejection(ec);
      return 0;
    }
    require(parser.is_done(), "a request is read to its end");
    const std::size_t used = stream.delivered() - buffer.size() - consumed;
    consumed += used;
    const tglink::RequestMessage message = parser.release();
    const bool framed_by_length = message.find(http::field::transfer_encoding) == message.end();
    const std::size_t header_bytes = framed_by_length ? used - message.body().size() : 0;
    if (!check_request(message, header_bytes, header_limit)) return 0;  // refused: closed
    if (!message.keep_alive()) return 0;
  }
  return 0;
}
