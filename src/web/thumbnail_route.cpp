#include "web/thumbnail_route.hpp"

#include <chrono>

#include "core/clock.hpp"
#include "http/cache_lifetime.hpp"
#include "http/http_response.hpp"
#include "http/router.hpp"
#include "links/link_token.hpp"
#include "links/revoked_links.hpp"
#include "logging/log.hpp"
#include "media/file_streamer.hpp"
#include "media/thumbnail_source.hpp"

namespace tglink {

namespace {

constexpr std::string_view kThumbnailPrefix = "/thumb/";
constexpr std::chrono::seconds kThumbnailMaxAge{86400};

std::string_view thumbnail_token(std::string_view path) {
  if (!path.starts_with(kThumbnailPrefix)) return {};
  const std::string_view rest = path.substr(kThumbnailPrefix.size());
  return rest.substr(0, rest.find('/'));
}

HttpResponse image_response(const ThumbnailResult& found, std::optional<SystemTime> expires_at,
                            SystemTime now) {
  HttpResponse response;
  response.body = found.bytes;
  response.set_header("Content-Type", found.mime_type);
  response.set_header("Cache-Control", public_cache_control(kThumbnailMaxAge, expires_at, now));
  response.set_header("X-Content-Type-Options", "nosniff");
  return response;
}

boost::asio::awaitable<void> serve_thumbnail(ThumbnailRouteDeps deps, const HttpRequest& request,
                                             ResponseChannel& out) {
  const SystemTime now = deps.clock.now();
  const DecodeResult decoded = deps.links.decode(thumbnail_token(request.path()), now);
  if (decoded.status == LinkStatus::Expired) {
    HttpResponse expired =
        json_error(410, "LINK_EXPIRED", "This link has expired; ask the bot for a new one");
    co_await out.send(std::move(expired));
    co_return;
  }
  if (decoded.status != LinkStatus::Valid) {
    co_await out.send(json_error(404, "LINK_NOT_FOUND", "No file has this link"));
    co_return;
  }
  if (deps.revoked.contains(decoded.claims.message_id)) {
    co_await out.send(json_error(404, "LINK_REVOKED", "This link was revoked"));
    co_return;
  }
  const ThumbnailResult found = co_await deps.thumbnails.thumbnail(decoded.claims.message_id);
  switch (found.status) {
    case ThumbnailStatus::Found: {
      HttpResponse image = image_response(found, decoded.claims.expires_at, now);
      co_await out.send(std::move(image));
      co_return;
    }
    case ThumbnailStatus::Unavailable: {
      deps.log.warning("Thumbnail of log message {}: {}", decoded.claims.message_id, found.detail);
      HttpResponse busy = json_error(503, "SERVICE_UNAVAILABLE",
                                     "The thumbnail cannot be fetched right now; try again shortly",
                                     kFileUnavailableRetryAfter.count());
      co_await out.send(std::move(busy));
      co_return;
    }
    default:
      break;
  }
  co_await out.send(json_error(404, "THUMBNAIL_NOT_FOUND", "This file has no thumbnail"));
}

}  // namespace

std::string thumbnail_path(std::string_view token) {
  return std::string(kThumbnailPrefix) + std::string(token);
}

void add_thumbnail_route(Router& router, const ThumbnailRouteDeps& deps) {
  router.add_prefix(std::string(kThumbnailPrefix),
                    [deps](const HttpRequest& request, ResponseChannel& out) {
                      return serve_thumbnail(deps, request, out);
                    });
}

}  // namespace tglink
