// Fuzz target: the /player page's check of its `stream` parameter (web/player_source.hpp),
// which decides what URL the page will ever put in front of a browser.
//
// Input: "<base url candidate>\n<stream url>". The candidate is used as BASE_URL when
// normalize_http_url accepts it (as Config would); otherwise "https://files.example.com/tg".
//
// Invariants:
//  - an empty parameter is kMissing, and a refusal carries no source;
//  - an accepted source names this server's /stream/ and /dl/ of the same token and name, with
//    a 1-48 character base64url token and a file name without control characters;
//  - past BASE_URL, the rebuilt URLs hold only unreserved characters, '/' and %XX, so nothing
//    the client sent (quotes, markup, spaces, a query) reaches the page unescaped;
//  - the rebuilt stream URL passes the same check to the same source (a fixed point);
//  - url_origin is the lower-cased start of the URL and is idempotent.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "config/value_parsers.hpp"
#include "web/player_source.hpp"

namespace {

constexpr std::string_view kDefaultBaseUrl = "https://files.example.com/tg";

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz_player_source invariant broken: %s\n", what);
  std::abort();
}

bool is_token_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_';
}

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'); }

// Only unreserved characters, '/' and well-formed %XX: inert in HTML attributes and scripts.
bool is_inert_url_path(std::string_view path) {
  for (std::size_t i = 0; i < path.size(); ++i) {
    const char c = path[i];
    if (is_token_char(c) || c == '.' || c == '~' || c == '/') continue;
    if (c != '%' || i + 2 >= path.size() || !is_hex(path[i + 1]) || !is_hex(path[i + 2])) {
      return false;
    }
    i += 2;
  }
  return true;
}

void check_source(std::string_view base_url, const tglink::PlayerSource& source) {
  require(!source.token.empty() && source.token.size() <= 48, "a token has 1-48 characters");
  for (const char c : source.token) require(is_token_char(c), "a token is base64url");
  for (const char c : source.file_name) {
    const auto byte = static_cast<unsigned char>(c);
    require(byte >= 0x20 && byte != 0x7f, "a file name has no control character");
  }
  const std::string stream_prefix = std::string(base_url) + "/stream/" + source.token;
  const std::string download_prefix = std::string(base_url) + "/dl/" + source.token;
  require(source.stream_url.starts_with(stream_prefix), "the stream URL is this server's");
  require(source.download_url.starts_with(download_prefix), "the download URL is this server's");
  const std::string_view stream_rest =
      std::string_view(source.stream_url).substr(stream_prefix.size());
  require(std::string_view(source.download_url).substr(download_prefix.size()) == stream_rest,
          "both URLs name the same file");
  require(stream_rest.empty() == source.file_name.empty(), "a name segment exactly with a name");
  require(is_inert_url_path(stream_rest), "the rebuilt name segment is percent-encoded");

  const tglink::PlayerSourceCheck again = tglink::check_player_source(base_url, source.stream_url);
  require(again.source.has_value(), "the rebuilt URL is accepted");
  require(again.source->stream_url == source.stream_url && again.source->token == source.token &&
              again.source->file_name == source.file_name,
          "the rebuilt URL is a fixed point");
}

void check_origin(std::string_view url) {
  const std::string origin = tglink::url_origin(url);
  require(origin.size() <= url.size(), "the origin is a prefix");
  require(tglink::to_lower(url.substr(0, origin.size())) == origin, "the origin is lower-cased");
  require(tglink::url_origin(origin) == origin, "url_origin is idempotent");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  const std::string_view candidate = input.substr(0, newline);
  const std::string_view stream =
      newline == std::string_view::npos ? std::string_view{} : input.substr(newline + 1);
  const std::optional<std::string> normalized = tglink::normalize_http_url(candidate);
  const std::string base_url = normalized ? *normalized : std::string(kDefaultBaseUrl);

  const tglink::PlayerSourceCheck check = tglink::check_player_source(base_url, stream);
  require(check.source.has_value() == (check.refusal == tglink::PlayerRefusal::kNone),
          "a source exactly when nothing is refused");
  if (stream.empty()) require(check.refusal == tglink::PlayerRefusal::kMissing, "empty: missing");
  if (check.source) check_source(base_url, *check.source);
  check_origin(stream);
  check_origin(base_url);
  return 0;
}
