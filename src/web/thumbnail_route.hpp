#pragma once
// GET and HEAD of /thumb/{token}[/{any-name}]: the poster Telegram made for a video (its
// thumbnail), which the player page shows before playback (media/thumbnail_source.hpp).
//
// The link is checked as /dl checks it, with no Telegram call for a bad one: 410 LINK_EXPIRED,
// 404 LINK_NOT_FOUND, 404 LINK_REVOKED. Then 404 THUMBNAIL_NOT_FOUND when the file has no
// thumbnail, 503 SERVICE_UNAVAILABLE (Retry-After) when no connected bot can fetch it now, or
// 200 with the image, cached publicly for a day or until the link expires, whichever is sooner.

#include <string_view>

#include "http/http_handler.hpp"

namespace tglink {

class Clock;
class LinkTokenCodec;
class Log;
class Router;
class RevokedLinks;
class ThumbnailSource;

// All of it must outlive the router the route is added to.
struct ThumbnailRouteDeps {
  const LinkTokenCodec& links;
  const RevokedLinks& revoked;  // links/revoked_links.hpp: no database round trip
  ThumbnailSource& thumbnails;
  const Clock& clock;
  Log& log;
};

// Adds the "/thumb/" prefix route.
void add_thumbnail_route(Router& router, const ThumbnailRouteDeps& deps);

// "/thumb/{token}" for a link token: the player page's poster URL (after BASE_URL's path).
[[nodiscard]] std::string thumbnail_path(std::string_view token);

}  // namespace tglink
