#pragma once
// The built-in video player: GET /player?stream=<url> and its CSS, JS and icon under
// /player/assets/<version>/<name>. Pure request -> response functions; player_routes.hpp puts
// them on the router.
//
// The page plays only this server's own /stream/ links (player_source.hpp) and checks the
// link's token first, so an expired link gets a 410 page that says so without touching the
// stream. Every page carries a strict Content-Security-Policy: scripts and styles from this
// server only, media and fetches from this server and BASE_URL's origin, no framing.

#include <cstdint>
#include <optional>
#include <string>

#include "config/config.hpp"
#include "core/clock.hpp"
#include "http/http_request.hpp"
#include "http/http_response.hpp"
#include "links/link_token.hpp"
#include "web/player_source.hpp"

namespace tglink {

// What the page shows about the file beyond its link, when the file could be looked up
// (player_routes.cpp asks the connected bots): its size and whether Telegram made it a poster.
struct PlayerFacts {
  std::string file_name;  // used when the link itself carries no /{name}
  std::string size_text;  // "12.3 MB"; empty when unknown
  bool has_poster = false;
};

class PlayerPage {
 public:
  // All three must outlive the page.
  PlayerPage(const Config& config, const LinkTokenCodec& links, const Clock& clock);

  // 200 player page; 400 refusal (missing, foreign or malformed link); 404 invalid token;
  // 410 expired token. Always HTML, never cached, never a redirect.
  [[nodiscard]] HttpResponse page(const HttpRequest& request) const;
  // The same, showing `facts`: the poster comes from /thumb/{token} (web/thumbnail_route.hpp).
  [[nodiscard]] HttpResponse page(const HttpRequest& request, const PlayerFacts& facts) const;

  // The log-channel message a request's valid, unexpired link names; nullopt otherwise.
  [[nodiscard]] std::optional<std::int64_t> playable_message(const HttpRequest& request) const;

  // A public asset. The current version is cached for a year (immutable); another version gets
  // today's file, revalidated, so a page rendered before an upgrade still looks right. 404 JSON
  // for anything else.
  [[nodiscard]] HttpResponse asset(const HttpRequest& request) const;

  // "{BASE_URL path}/player/assets/{version}": the prefix of every asset URL in the page.
  [[nodiscard]] std::string asset_base() const;

 private:
  [[nodiscard]] HttpResponse player_response(const PlayerSource& source,
                                             const PlayerFacts& facts) const;
  [[nodiscard]] HttpResponse notice_response(int status, std::string_view reason,
                                             std::string_view heading,
                                             std::string_view message) const;
  [[nodiscard]] HttpResponse html_response(int status, std::string body) const;

  const Config& config_;
  const LinkTokenCodec& links_;
  const Clock& clock_;
};

}  // namespace tglink
