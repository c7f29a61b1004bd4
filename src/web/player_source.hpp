#pragma once
// Which videos the player page agrees to play: only this server's own /stream/ links. The page
// never echoes the `stream` parameter back; it rebuilds the URL from the parts it checked, so
// nothing else (another host, a javascript: URL, markup) can reach the page.

#include <optional>
#include <string>
#include <string_view>

namespace tglink {

struct PlayerSource {
  std::string token;         // the link's {encoded_id}: 1-48 base64url characters
  std::string file_name;     // from the optional /{name} segment, decoded; empty when absent
  std::string stream_url;    // {BASE_URL}/stream/{token}[/{name}], rebuilt and re-encoded
  std::string download_url;  // the same file's {BASE_URL}/dl/... link
};

enum class PlayerRefusal {
  kNone,
  kMissing,    // no `stream` parameter, or it is empty
  kForeign,    // not a link to this server's /stream/ (another host, scheme or path)
  kMalformed,  // this server's /stream/, but not a link it could have made
};

struct PlayerSourceCheck {
  std::optional<PlayerSource> source;  // set when accepted
  PlayerRefusal refusal = PlayerRefusal::kNone;
};

// `base_url` is Config::base_url (no trailing slash). Scheme and host compare case-insensitively;
// the path, token and name exactly. A query or fragment on the stream URL is refused.
[[nodiscard]] PlayerSourceCheck check_player_source(std::string_view base_url,
                                                    std::string_view stream);

// "scheme://host[:port]" of a URL, lower-cased: what Content-Security-Policy names as a source.
[[nodiscard]] std::string url_origin(std::string_view url);

}  // namespace tglink
