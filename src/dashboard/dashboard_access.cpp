#include "dashboard/dashboard_access.hpp"

#include <algorithm>
#include <stdexcept>

namespace tglink {

DashboardAccess::DashboardAccess(const LinkTokenCodec& links, const Clock& clock,
                                 DashboardAccessSettings settings)
    : clock_(clock),
      settings_(std::move(settings)),
      link_codec_(links, DashboardGrantKind::Link),
      session_codec_(links, DashboardGrantKind::Session) {}

bool DashboardAccess::is_admin(std::int64_t user_id) const {
  return std::find(settings_.admins.begin(), settings_.admins.end(), user_id) !=
         settings_.admins.end();
}

std::int64_t DashboardAccess::next_issue_ms() {
  const std::int64_t now =
      std::chrono::duration_cast<std::chrono::milliseconds>(clock_.now().time_since_epoch())
          .count();
  last_issued_ms_ = std::max(now, last_issued_ms_ + 1);
  return last_issued_ms_;
}

std::string DashboardAccess::link_mark(std::int64_t admin_id) {
  return "dashboard link:" + std::to_string(admin_id);
}

std::string DashboardAccess::issue_link(std::int64_t admin_id) {
  if (!is_admin(admin_id)) {
    throw std::invalid_argument("user " + std::to_string(admin_id) + " is not in ADMINS");
  }
  const std::int64_t issued = next_issue_ms();
  const auto expires = std::chrono::floor<std::chrono::seconds>(clock_.now() + settings_.link_ttl);
  return link_codec_.encode(DashboardGrant{admin_id, issued, expires});
}

std::optional<DashboardSession> DashboardAccess::open_link(std::string_view token, Store& store) {
  if (!enabled()) return std::nullopt;
  const DashboardGrantCheck check = link_codec_.decode(token, clock_.now());
  if (check.status != LinkStatus::Valid || !is_admin(check.grant.admin_id)) return std::nullopt;
  if (check.grant.issued_ms <= sessions_ended_mark(store)) return std::nullopt;
  if (!store.raise_mark(link_mark(check.grant.admin_id), check.grant.issued_ms)) {
    return std::nullopt;  // opened before, or a newer link was
  }
  const std::int64_t issued = next_issue_ms();
  const auto expires =
      std::chrono::floor<std::chrono::seconds>(clock_.now() + settings_.session_lifetime);
  return DashboardSession{
      session_codec_.encode(DashboardGrant{check.grant.admin_id, issued, expires}),
      check.grant.admin_id, settings_.session_lifetime};
}

std::optional<std::int64_t> DashboardAccess::session_admin(std::string_view token,
                                                           std::int64_t sessions_ended_ms) const {
  if (!enabled()) return std::nullopt;
  const DashboardGrantCheck check = session_codec_.decode(token, clock_.now());
  if (check.status != LinkStatus::Valid || !is_admin(check.grant.admin_id) ||
      check.grant.issued_ms <= sessions_ended_ms) {
    return std::nullopt;
  }
  return check.grant.admin_id;
}

std::int64_t DashboardAccess::sessions_ended_mark(Store& store) {
  return store.mark(std::string(kSessionsEndedMark));
}

void DashboardAccess::end_sessions(Store& store) {
  store.raise_mark(std::string(kSessionsEndedMark), next_issue_ms());
}

}  // namespace tglink
