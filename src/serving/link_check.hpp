#pragma once
// The checks every route that serves a link's bytes makes first, cheapest first, so that a bad
// link costs no Telegram call: the token (410 LINK_EXPIRED / 404 LINK_NOT_FOUND), revocation
// (404 LINK_REVOKED), the monthly bandwidth (429 BANDWIDTH_LIMIT_EXCEEDED with Retry-After).
// /dl, /stream, /api/playback and /hls share them, so a revoked or expired link stops everywhere
// at once. All of it is answered from memory: the revoked links are kept current on every node
// (links/revoked_links.hpp, app/revocation_watch.hpp), so a cached range costs no database round
// trip.

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/clock.hpp"
#include "http/http_response.hpp"

namespace tglink {

class BandwidthMeter;
class LinkTokenCodec;
class RevokedLinks;

struct LinkCheckDeps {
  const LinkTokenCodec& links;
  const RevokedLinks& revoked;
  BandwidthMeter& bandwidth;
  const Clock& clock;
};

// Either the message id a link names, or the response that refuses it.
struct LinkCheck {
  std::optional<HttpResponse> refusal;
  std::int64_t message_id = 0;
  std::optional<SystemTime> expires_at;
};

// `count_bandwidth` false skips the monthly limit (tglink's own loopback reads).
[[nodiscard]] LinkCheck check_link(const LinkCheckDeps& deps, std::string_view token,
                                   bool count_bandwidth = true);

// The same checks but the token's, for a file known by its message and the expiry its link has
// (a user's WebDAV folder, dav/dav_routes.hpp): 410 LINK_EXPIRED once `expires_at` is past, then
// revocation and the monthly bandwidth as above.
[[nodiscard]] LinkCheck check_message(const LinkCheckDeps& deps, std::int64_t message_id,
                                      std::optional<SystemTime> expires_at);

}  // namespace tglink
