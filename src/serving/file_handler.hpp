#pragma once
// GET and HEAD of /dl/{token}[/{any-name}] and /stream/{token}[/{any-name}]: the file routes;
// and /source/{capability}, the converter's own read of one file (http/internal_request.hpp).
//
// Order of checks, cheapest first, so that a bad link costs no Telegram call:
//   token (410 LINK_EXPIRED / 404 LINK_NOT_FOUND) -> revocation (404 LINK_REVOKED; in memory,
//   links/revoked_links.hpp, so a request costs no database round trip)
//   -> monthly bandwidth (429 BANDWIDTH_LIMIT_EXCEEDED, Retry-After until the next UTC month)
//   -> locate (404 FILE_NOT_FOUND / 503 SERVICE_UNAVAILABLE with Retry-After)
//   -> content plan (200 / 206 / 304 / 412 / 416 with Content-Range: bytes */size).
// HEAD gets the same headers and never starts a download. Body bytes are counted toward the
// monthly bandwidth as they reach the socket, and the body is tracked in ActiveStreams while it
// runs, and toward the link's own figures (serving/link_traffic.hpp). A body under way when the
// month's limit is reached sends at most kLimitOverrunBound more (serving/counting_channel.hpp),
// then the connection is closed. When the source fails mid-body the connection is closed (never a
// short 200 or 206).
//
// /dl answers `Content-Disposition: attachment`. /stream answers `inline` plus
// `Cache-Control: public, max-age=3600`, except for types a browser would run as a page (HTML,
// SVG, XML, JavaScript), which are always attachments. Both send X-Content-Type-Options: nosniff.
// The max-age never outlives the link: a link expiring in 5 s gets max-age=5 (on /dl too, which
// otherwise sends no Cache-Control). Error answers (revoked, expired, ...) are no-store.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/clock.hpp"
#include "http/entity_tag.hpp"
#include "http/http_handler.hpp"

namespace tglink {

class ActiveStreams;
class BandwidthMeter;
class Clock;
class FileStreamer;
class LinkTokenCodec;
class LinkTrafficMeter;
class Log;
class Router;
class RevokedLinks;
class SourceGrants;

enum class FileRoute { kDownload, kStream, kSource };

// Everything the handlers use; all of it must outlive the router they are added to.
struct FileRouteDeps {
  const LinkTokenCodec& links;
  const RevokedLinks& revoked;
  FileStreamer& files;
  BandwidthMeter& bandwidth;
  ActiveStreams& streams;
  const Clock& clock;
  Log& log;
  // Each link's downloads and bytes (serving/link_traffic.hpp); null when they are not counted.
  LinkTrafficMeter* traffic = nullptr;
  // The capabilities of the converter's runs (http/internal_request.hpp); null when none are
  // made. A granted read of /source/ skips the monthly limit, is not counted, and reads through
  // FileStreamer::stream_internal; /source/ answers 404 to anything else.
  const SourceGrants* grants = nullptr;
};

class FileHandler {
 public:
  FileHandler(FileRouteDeps deps, FileRoute route) : deps_(deps), route_(route) {}

  boost::asio::awaitable<void> operator()(const HttpRequest& request, ResponseChannel& out) const;

 private:
  FileRouteDeps deps_;
  FileRoute route_;
};

// A file a user's WebDAV folder lists (dav/dav_routes.hpp): its message, the expiry its link has,
// and the validators the listing showed, so a client's If-Range or If-None-Match compares with
// what it listed.
struct ListedFile {
  std::int64_t message_id = 0;
  std::optional<SystemTime> expires_at;
  EntityTag etag;
  std::optional<SystemTime> last_modified;
};

// GET or HEAD of a listed file, as /dl answers it (attachment) after the same checks (expiry,
// revocation, the monthly bandwidth, locate), with the same ranges and conditions, through the
// same counted body.
[[nodiscard]] boost::asio::awaitable<void> serve_listed_file(const FileRouteDeps& deps,
                                                             const ListedFile& listed,
                                                             const HttpRequest& request,
                                                             ResponseChannel& out);

// Adds the "/dl/", "/stream/" and "/source/" prefix routes.
void add_file_routes(Router& router, const FileRouteDeps& deps);

// The token in a file route's path: the segment after the route prefix, up to the next '/'.
// "/dl/abc/movie.mp4" -> "abc"; "" when there is none.
[[nodiscard]] std::string_view file_route_token(std::string_view path);

// True for MIME types a browser would render as a page or run as a script when shown inline.
[[nodiscard]] bool runs_as_page_in_browser(std::string_view mime_type);

}  // namespace tglink
