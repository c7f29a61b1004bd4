#include "cluster/leadership.hpp"

#include "cluster/postgres_lease.hpp"
#include "logging/log.hpp"

namespace tglink {

Leadership::Leadership(std::unique_ptr<LeaderLease> lease, Log& log)
    : lease_(std::move(lease)), log_(log) {}

void Leadership::renew() {
  const LeaseRenewal renewal = lease_->renew();
  if (renewal.leading && !leading_) {
    log_.info("Node {} leads the chat side (term {})", node_id(), renewal.term);
  } else if (!renewal.leading && leading_) {
    log_.warning("Node {} no longer leads the chat side{}", node_id(),
                 renewal.error.empty() ? std::string() : ": " + renewal.error);
  } else if (!renewal.error.empty()) {
    log_.warning("Leader lease not renewed: {}", renewal.error);
  }
  leading_ = renewal.leading;
}

void Leadership::release() {
  if (leading_) {
    lease_->release();
    leading_ = false;
    log_.info("Node {} gave up the leader lease", node_id());
  }
}

std::unique_ptr<LeaderLease> open_leader_lease(const Config& config) {
  if (config.uses_postgres()) {
    return std::make_unique<PostgresLease>(config.database_url, config.node_id);
  }
  return std::make_unique<SoloLease>(config.node_id);
}

}  // namespace tglink
