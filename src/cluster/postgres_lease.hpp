#pragma once
// The leader lease in PostgreSQL: one row per led thing in leader_lease (schema step 5), holding
// the node, its expiry and the term. One statement takes or extends it, so of nodes renewing at
// once exactly one leads. Expiry is reckoned on the database's clock only, so the nodes' clocks
// may disagree without two leaders.

#include <chrono>
#include <memory>
#include <string>

#include "cluster/leader_lease.hpp"

namespace tglink {

class PgConnection;

class PostgresLease final : public LeaderLease {
 public:
  // Connects to `url` (its own connection, beside the store's). Throws StoreError naming the
  // server when it cannot; later failures are reported by renew() instead.
  PostgresLease(const std::string& url, std::string node_id,
                std::chrono::milliseconds ttl = kLeaseTtl, std::string name = "chat");
  ~PostgresLease() override;
  PostgresLease(const PostgresLease&) = delete;
  PostgresLease& operator=(const PostgresLease&) = delete;

  LeaseRenewal renew() override;
  void release() override;
  [[nodiscard]] const std::string& node_id() const override { return node_id_; }
  [[nodiscard]] std::optional<std::chrono::milliseconds> ttl() const override { return ttl_; }

 private:
  std::unique_ptr<PgConnection> db_;
  std::string node_id_;
  std::chrono::milliseconds ttl_;
  std::string name_;
};

}  // namespace tglink
