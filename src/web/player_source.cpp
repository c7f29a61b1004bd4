#include "web/player_source.hpp"

#include <algorithm>
#include <cctype>

#include "core/url_encoding.hpp"
#include "links/link_token.hpp"

namespace tglink {
namespace {

constexpr std::size_t kMaxStreamUrlLength = 4096;

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// Length of "scheme://authority" at the start of `url`, or the whole URL when it has no path.
std::size_t origin_length(std::string_view url) {
  const std::size_t scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) return 0;
  const std::size_t path_start = url.find('/', scheme_end + 3);
  return path_start == std::string_view::npos ? url.size() : path_start;
}

bool is_token_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_';
}

bool is_valid_token(std::string_view token) {
  return !token.empty() && token.size() <= LinkTokenCodec::kMaxTokenLength &&
         std::all_of(token.begin(), token.end(), is_token_char);
}

bool has_control_character(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f;
  });
}

// The decoded file name of a "/{name}" segment; nullopt when it cannot be one.
std::optional<std::string> decode_name_segment(std::string_view segment) {
  if (segment.empty() || segment.find_first_of("/?#") != std::string_view::npos) {
    return std::nullopt;
  }
  std::optional<std::string> name = url_decode_component(segment);
  if (!name || name->empty() || has_control_character(*name)) return std::nullopt;
  return name;
}

PlayerSource make_source(std::string_view base_url, std::string_view token, std::string name) {
  const std::string suffix = name.empty() ? "" : "/" + url_encode_component(name);
  PlayerSource source;
  source.token = std::string(token);
  source.stream_url = std::string(base_url) + "/stream/" + source.token + suffix;
  source.download_url = std::string(base_url) + "/dl/" + source.token + suffix;
  source.file_name = std::move(name);
  return source;
}

PlayerSourceCheck refuse(PlayerRefusal why) { return PlayerSourceCheck{std::nullopt, why}; }

// `rest` is what follows "/stream/": "{token}" or "{token}/{name}".
PlayerSourceCheck check_stream_path(std::string_view base_url, std::string_view rest) {
  if (rest.find_first_of("?#") != std::string_view::npos) return refuse(PlayerRefusal::kMalformed);
  const std::size_t slash = rest.find('/');
  const std::string_view token = rest.substr(0, slash);
  if (!is_valid_token(token)) return refuse(PlayerRefusal::kMalformed);
  if (slash == std::string_view::npos) return PlayerSourceCheck{make_source(base_url, token, "")};
  std::optional<std::string> name = decode_name_segment(rest.substr(slash + 1));
  if (!name) return refuse(PlayerRefusal::kMalformed);
  return PlayerSourceCheck{make_source(base_url, token, std::move(*name))};
}

}  // namespace

std::string url_origin(std::string_view url) { return lower(url.substr(0, origin_length(url))); }

PlayerSourceCheck check_player_source(std::string_view base_url, std::string_view stream) {
  if (stream.empty()) return refuse(PlayerRefusal::kMissing);
  if (stream.size() > kMaxStreamUrlLength) return refuse(PlayerRefusal::kMalformed);
  const std::size_t origin_size = origin_length(base_url);
  if (origin_size == 0 || origin_length(stream) != origin_size ||
      url_origin(stream) != url_origin(base_url)) {
    return refuse(PlayerRefusal::kForeign);
  }
  const std::string path_prefix = std::string(base_url.substr(origin_size)) + "/stream/";
  const std::string_view path = stream.substr(origin_size);
  if (!path.starts_with(path_prefix)) return refuse(PlayerRefusal::kForeign);
  return check_stream_path(base_url, path.substr(path_prefix.size()));
}

}  // namespace tglink
