#pragma once
// The URLs a chat reply carries for one link token. Pure string building: the token is already
// signed (links/link_token.hpp) and base_url has no trailing slash (Config guarantees it).

#include <string>
#include <string_view>

namespace tglink {

// "{base_url}/dl/{token}": the whole file as an attachment.
[[nodiscard]] std::string download_url(std::string_view base_url, std::string_view token);

// "{base_url}/stream/{token}": the file inline, for players that seek.
[[nodiscard]] std::string stream_url(std::string_view base_url, std::string_view token);

// "{player_url}?stream=<stream_url, percent-encoded>" (spec: video frontend URL format). When the
// player URL already has a query, the parameter is appended with "&".
[[nodiscard]] std::string player_link(std::string_view player_url, std::string_view stream_url);

// The token inside a link we made, or inside a bare token: "…/dl/TOKEN", "…/stream/TOKEN",
// "…/dl/TOKEN/name.mp4", or "TOKEN" itself. Empty when the text holds none (e.g. "/dl/").
[[nodiscard]] std::string token_from_link(std::string_view link);

}  // namespace tglink
