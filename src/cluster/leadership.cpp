#include "cluster/leadership.hpp"

#include "cluster/postgres_lease.hpp"
#include "logging/log.hpp"

namespace tglink {

Leadership::Leadership(std::unique_ptr<LeaderLease> lease, Log& log, const Clock& clock)
    : lease_(std::move(lease)), log_(log), clock_(clock) {
  if (const auto ttl = lease_->ttl()) hold_for_ = *ttl - kLeaseSafetyMargin;
}

bool Leadership::leading() const { return clock_.steady_now() < leading_until_.load(); }

void Leadership::renew() {
  const SteadyTime asked_at = clock_.steady_now();
  const LeaseRenewal renewal = lease_->renew();
  if (renewal.leading) {
    leading_until_ = hold_for_ ? asked_at + *hold_for_ : SteadyTime::max();
    term_ = renewal.term;
  } else if (renewal.error.empty()) {
    leading_until_ = SteadyTime{};  // another node holds it
  }
  if (!renewal.error.empty() && leading()) {
    log_.warning("Leader lease not renewed (still leading for {} ms): {}",
                 std::chrono::duration_cast<std::chrono::milliseconds>(leading_until_.load() -
                                                                       clock_.steady_now())
                     .count(),
                 renewal.error);
    return;
  }
  if (!renewal.error.empty() && !reported_leading_) {
    log_.warning("Leader lease not renewed: {}", renewal.error);
  }
  report(leading(), renewal.error);
}

void Leadership::report(bool leading_now, const std::string& reason) {
  const std::int64_t term_now = leading_now ? term_.load() : 0;
  if (leading_now == reported_leading_ && term_now == reported_term_) return;
  if (leading_now) {
    log_.info("Node {} leads the chat side (term {})", node_id(), term_now);
  } else {
    log_.warning("Node {} no longer leads the chat side{}", node_id(),
                 reason.empty() ? std::string() : ": " + reason);
  }
  reported_leading_ = leading_now;
  reported_term_ = term_now;
  if (listener_) listener_(leading_now, term_now);
}

void Leadership::release() {
  if (!leading()) return;
  lease_->release();
  leading_until_ = SteadyTime{};
  log_.info("Node {} gave up the leader lease", node_id());
  reported_leading_ = false;
  reported_term_ = 0;
}

std::unique_ptr<LeaderLease> open_leader_lease(const Config& config) {
  if (config.uses_postgres()) {
    return std::make_unique<PostgresLease>(config.database_url, config.node_id);
  }
  return std::make_unique<SoloLease>(config.node_id);
}

}  // namespace tglink
