#include "serving/link_check.hpp"

#include "links/link_token.hpp"
#include "logging/log.hpp"
#include "serving/bandwidth_meter.hpp"
#include "store/store.hpp"
#include "store/store_executor.hpp"

namespace tglink {

namespace {

namespace asio = boost::asio;

// The token's own checks: no store call.
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

// The revocation is asked on the store executor, so a slow database delays this request only,
// never the other connections of the I/O thread.
asio::awaitable<bool> revoked(const LinkCheckDeps& deps, std::int64_t message_id) {
  Store& store = deps.store;
  co_return co_await deps.store_work.run(
      [&store, message_id] { return store.is_revoked(message_id); });
}

}  // namespace

asio::awaitable<LinkCheck> check_link(const LinkCheckDeps& deps, std::string_view token,
                                      bool count_bandwidth) {
  LinkCheck check = decode_link(deps, token);
  if (check.refusal) co_return check;
  bool is_revoked = false;
  try {
    is_revoked = co_await revoked(deps, check.message_id);
  } catch (const StoreError& e) {
    deps.log.error("File route: store unreadable while checking a link: {}", e.what());
    check.refusal = json_error(500, "INTERNAL_ERROR", "The link could not be checked");
    co_return check;
  }
  if (is_revoked) {
    check.refusal = json_error(404, "LINK_REVOKED", "This link was revoked");
  } else if (count_bandwidth && deps.bandwidth.limit_reached()) {
    check.refusal = json_error(429, "BANDWIDTH_LIMIT_EXCEEDED",
                               "The monthly bandwidth limit is reached; it resets next month",
                               deps.bandwidth.seconds_until_reset());
  }
  co_return check;
}

}  // namespace tglink
