#include "links/link_urls.hpp"

#include "core/trim.hpp"
#include "core/url_encoding.hpp"

namespace tglink {

namespace {

std::string join(std::string_view base, std::string_view route, std::string_view token) {
  std::string url;
  url.reserve(base.size() + route.size() + token.size());
  url.append(base).append(route).append(token);
  return url;
}

// Where the token starts: just after the first "/dl/" or "/stream/"; npos when neither occurs.
std::size_t token_start(std::string_view link) {
  for (const std::string_view route : {std::string_view("/dl/"), std::string_view("/stream/")}) {
    const std::size_t at = link.find(route);
    if (at != std::string_view::npos) return at + route.size();
  }
  return std::string_view::npos;
}

}  // namespace

std::string download_url(std::string_view base_url, std::string_view token) {
  return join(base_url, "/dl/", token);
}

std::string stream_url(std::string_view base_url, std::string_view token) {
  return join(base_url, "/stream/", token);
}

std::string player_link(std::string_view player_url, std::string_view stream_url) {
  const char separator = player_url.find('?') == std::string_view::npos ? '?' : '&';
  std::string url(player_url);
  url += separator;
  url += "stream=";
  url += url_encode_component(stream_url);
  return url;
}

std::string token_from_link(std::string_view link) {
  link = trim(link, " \t\r\n");
  const std::size_t start = token_start(link);
  if (start != std::string_view::npos) link = link.substr(start);
  // The token ends at the next path segment, query or fragment.
  const std::size_t end = link.find_first_of("/?#");
  return std::string(link.substr(0, end));
}

}  // namespace tglink
