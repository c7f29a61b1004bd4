#pragma once
// This node's view of who leads: renews the lease on the periodic jobs' schedule
// (kLeaseRenewEvery), answers leading() for the chat side's gate and /api/info, tells the service
// when leadership changes, and logs each change, so an operator sees in every node's log when the
// chat side moved and why.
//
// leading() is bounded by a local deadline: kLeaseTtl - kLeaseSafetyMargin after the start of the
// last successful renewal, on this node's steady clock. The database reckons the same lease from a
// later instant (its statement ran after the renewal started), so this node stops leading before
// any other node can take the lease over, even when renewals hang on a cut network. A failed
// renewal inside that deadline changes nothing: one lost round trip does not move the chat side.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "cluster/leader_lease.hpp"
#include "config/config.hpp"
#include "core/clock.hpp"

namespace tglink {

class Log;

// Covers the drift between this node's clock rate and the database's over one lease.
inline constexpr std::chrono::milliseconds kLeaseSafetyMargin{1000};

// Called on the renewing thread (the lease's worker in the service) when leadership changes:
// leading, and the lease's term (0 when not leading).
using LeadershipChanged = std::function<void(bool leading, std::int64_t term)>;

class Leadership {
 public:
  Leadership(std::unique_ptr<LeaderLease> lease, Log& log, const Clock& clock);

  // One listener (the service); set before the first renew().
  void on_change(LeadershipChanged listener) { listener_ = std::move(listener); }

  // Renews the lease now; logs a change of leadership, or a renewal that could not reach the
  // database, and calls the listener on a change. Never throws. renew() and release() run on one
  // thread at a time; leading(), term() and node_id() may be asked on any thread meanwhile.
  void renew();
  // Gives the lease up (shutdown), so another node takes over without waiting for it to run out.
  void release();

  // True while this node holds the lease and its local deadline has not passed.
  [[nodiscard]] bool leading() const;
  // The term of the lease this node holds; 0 when it does not lead.
  [[nodiscard]] std::int64_t term() const { return leading() ? term_.load() : 0; }
  [[nodiscard]] const std::string& node_id() const { return lease_->node_id(); }

 private:
  void report(bool leading_now, const std::string& reason);

  std::unique_ptr<LeaderLease> lease_;
  Log& log_;
  const Clock& clock_;
  std::optional<std::chrono::milliseconds> hold_for_;  // ttl minus the margin; nullopt: forever
  // Atomic: renew() runs on the lease's worker (store/store_executor.hpp) while leading() is asked
  // on the I/O thread, which must never wait for a renewal under way.
  std::atomic<SteadyTime> leading_until_{SteadyTime{}};
  std::atomic<std::int64_t> term_{0};
  bool reported_leading_ = false;  // what the log and the listener last heard
  std::int64_t reported_term_ = 0;
  LeadershipChanged listener_;
};

// The lease for `config`: in PostgreSQL when DATABASE_URL is set, else the single node's.
// Throws StoreError naming the server when the database cannot be reached.
[[nodiscard]] std::unique_ptr<LeaderLease> open_leader_lease(const Config& config);

}  // namespace tglink
