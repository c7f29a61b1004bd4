#pragma once
// This node's view of who leads: renews the lease on the periodic jobs' schedule
// (kLeaseRenewEvery), remembers the answer for /api/info, and logs each change, so an operator
// sees in every node's log when the chat side moved and why.

#include <memory>

#include "cluster/leader_lease.hpp"
#include "config/config.hpp"

namespace tglink {

class Log;

class Leadership {
 public:
  Leadership(std::unique_ptr<LeaderLease> lease, Log& log);

  // Renews the lease now; logs a change of leadership, or a renewal that could not reach the
  // database. Never throws.
  void renew();
  // Gives the lease up (shutdown), so another node takes over without waiting for it to run out.
  void release();

  [[nodiscard]] bool leading() const { return leading_; }
  [[nodiscard]] const std::string& node_id() const { return lease_->node_id(); }

 private:
  std::unique_ptr<LeaderLease> lease_;
  Log& log_;
  bool leading_ = false;
};

// The lease for `config`: in PostgreSQL when DATABASE_URL is set, else the single node's.
// Throws StoreError naming the server when the database cannot be reached.
[[nodiscard]] std::unique_ptr<LeaderLease> open_leader_lease(const Config& config);

}  // namespace tglink
