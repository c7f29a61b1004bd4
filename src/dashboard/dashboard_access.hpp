#pragma once
// Who may see the operator's dashboard, with no password: an admin (ADMINS) asks the bot with
// /dashboard and gets a signed link, valid for DASHBOARD_LINK_TTL and good for one opening; the
// opening trades it for a session (a signed cookie, dashboard/session_cookie.hpp) that lasts a
// working day. /dashboard off ends every session and every link not opened yet.
//
// What a token cannot say about itself is kept in the store as marks that only rise
// (Store::raise_mark), shared by every node on one database:
//   "dashboard link:<admin id>"  the issue time (ms) of the admin's latest link opened; a link
//                                opens only when it is later, so once, and never after a newer one
//   "dashboard sessions ended"   when /dashboard off was last sent (ms); sessions and links
//                                issued at or before it no longer work
// A bot without ADMINS has no dashboard at all. Anything refused is a plain "no" (the routes
// answer 404), so nobody learns whether a token was forged, used, expired or ended.
//
// The store calls block: run them where the caller runs store work (store/store_executor.hpp).

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "links/dashboard_token.hpp"
#include "store/store.hpp"

namespace tglink {

struct DashboardAccessSettings {
  std::vector<std::int64_t> admins;                         // ADMINS; empty: no dashboard
  std::chrono::seconds link_ttl{std::chrono::minutes(15)};  // DASHBOARD_LINK_TTL
  std::chrono::seconds session_lifetime{std::chrono::hours(8)};
};

// A session an opened link started: the cookie's token and how long it lasts.
struct DashboardSession {
  std::string token;
  std::int64_t admin_id = 0;
  std::chrono::seconds lifetime{0};
};

class DashboardAccess {
 public:
  static constexpr std::string_view kSessionsEndedMark = "dashboard sessions ended";

  // `links` need not outlive this; `clock` must.
  DashboardAccess(const LinkTokenCodec& links, const Clock& clock,
                  DashboardAccessSettings settings);

  [[nodiscard]] bool enabled() const { return !settings_.admins.empty(); }
  [[nodiscard]] bool is_admin(std::int64_t user_id) const;
  [[nodiscard]] std::chrono::seconds link_ttl() const { return settings_.link_ttl; }

  // The token of a new link for `admin_id`; std::invalid_argument for anyone not in ADMINS.
  [[nodiscard]] std::string issue_link(std::int64_t admin_id);

  // Opens a link: a new session when the token is ours, unexpired, for a current admin, issued
  // after the last /dashboard off and not opened before; nullopt otherwise. Reads and writes the
  // store.
  [[nodiscard]] std::optional<DashboardSession> open_link(std::string_view token, Store& store);

  // The admin of a session token, given the "sessions ended" mark (sessions_ended_mark()), or
  // nullopt. No store call, so the caller can keep the mark for a few seconds.
  [[nodiscard]] std::optional<std::int64_t> session_admin(std::string_view token,
                                                          std::int64_t sessions_ended_ms) const;
  [[nodiscard]] static std::int64_t sessions_ended_mark(Store& store);

  // /dashboard off: every session and unopened link issued until now stops working.
  void end_sessions(Store& store);

 private:
  [[nodiscard]] std::int64_t next_issue_ms();
  [[nodiscard]] static std::string link_mark(std::int64_t admin_id);

  const Clock& clock_;
  DashboardAccessSettings settings_;
  DashboardTokenCodec link_codec_;
  DashboardTokenCodec session_codec_;
  std::int64_t last_issued_ms_ = 0;  // so two grants never share an instant
};

}  // namespace tglink
