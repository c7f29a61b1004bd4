#pragma once
// Which node leads: runs the chat side (updates, commands, uploads, forced subscription,
// broadcasts) while every node serves links. A lease, not a lock: the leader renews it every
// kLeaseRenewEvery; if it dies or loses the database, the lease runs out after kLeaseTtl and
// another node's next renewal takes it over.
//
// SoloLease (one node, SQLite) always leads; PostgresLease (cluster/postgres_lease.hpp) keeps the
// lease in the shared database.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace tglink {

// A takeover happens at most kLeaseTtl + kLeaseRenewEvery after the leader's last renewal:
// 8 s, inside the 10 s the chat side may be without a leader.
inline constexpr std::chrono::milliseconds kLeaseTtl{6000};
inline constexpr std::chrono::milliseconds kLeaseRenewEvery{2000};

struct LeaseRenewal {
  bool leading = false;
  // Grows by one each time the lease changes hands, so work stamped with an old term can be
  // recognised as a former leader's.
  std::int64_t term = 0;
  std::string error;  // why the database could not be asked; then leading is false
};

class LeaderLease {
 public:
  virtual ~LeaderLease() = default;

  // Takes the lease if it is free or has run out, or extends it if this node holds it. Never
  // throws: a node that cannot reach the database must assume it no longer leads.
  virtual LeaseRenewal renew() = 0;
  // Gives the lease up (at shutdown), so another node takes over at its next renewal.
  virtual void release() = 0;
  // This node's id, as it appears in the lease and in /api/info.
  [[nodiscard]] virtual const std::string& node_id() const = 0;
  // How long a renewal holds the lease; nullopt for a lease that never runs out.
  [[nodiscard]] virtual std::optional<std::chrono::milliseconds> ttl() const = 0;
};

// The only node there is: always leads, term 1.
class SoloLease final : public LeaderLease {
 public:
  explicit SoloLease(std::string node_id) : node_id_(std::move(node_id)) {}
  LeaseRenewal renew() override { return LeaseRenewal{true, 1, {}}; }
  void release() override {}
  [[nodiscard]] const std::string& node_id() const override { return node_id_; }
  [[nodiscard]] std::optional<std::chrono::milliseconds> ttl() const override {
    return std::nullopt;
  }

 private:
  std::string node_id_;
};

}  // namespace tglink
