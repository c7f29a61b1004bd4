#include "serving/link_check.hpp"

#include "links/link_token.hpp"
#include "links/revoked_links.hpp"
#include "serving/bandwidth_meter.hpp"

namespace tglink {

namespace {

// The token's own checks.
LinkCheck decode_link(const LinkCheckDeps& deps, std::string_view token) {
  LinkCheck check;
  const DecodeResult decoded = deps.links.decode(token, deps.clock.now());
  if (decoded.status == LinkStatus::Expired) {
    check.refusal =
        json_error(410, "LINK_EXPIRED", "This link has expired; ask the bot for a new one");
    return check;
  }
  if (decoded.status != LinkStatus::Valid) {
    check.refusal = json_error(404, "LINK_NOT_FOUND", "No file has this link");
    return check;
  }
  check.message_id = decoded.claims.message_id;
  check.expires_at = decoded.claims.expires_at;
  return check;
}

// Revocation, then the monthly bandwidth (unless `count_bandwidth` is false).
void refuse_revoked_or_over_limit(const LinkCheckDeps& deps, LinkCheck& check,
                                  bool count_bandwidth) {
  if (deps.revoked.contains(check.message_id)) {
    check.refusal = json_error(404, "LINK_REVOKED", "This link was revoked");
  } else if (count_bandwidth && deps.bandwidth.limit_reached()) {
    check.refusal = json_error(429, "BANDWIDTH_LIMIT_EXCEEDED",
                               "The monthly bandwidth limit is reached; it resets next month",
                               deps.bandwidth.seconds_until_reset());
  }
}

}  // namespace

LinkCheck check_link(const LinkCheckDeps& deps, std::string_view token, bool count_bandwidth) {
  LinkCheck check = decode_link(deps, token);
  if (check.refusal) return check;
  refuse_revoked_or_over_limit(deps, check, count_bandwidth);
  return check;
}

LinkCheck check_message(const LinkCheckDeps& deps, std::int64_t message_id,
                        std::optional<SystemTime> expires_at) {
  LinkCheck check;
  check.message_id = message_id;
  check.expires_at = expires_at;
  if (expires_at && deps.clock.now() >= *expires_at) {
    check.refusal =
        json_error(410, "LINK_EXPIRED", "This link has expired; ask the bot for a new one");
    return check;
  }
  refuse_revoked_or_over_limit(deps, check, true);
  return check;
}

}  // namespace tglink
