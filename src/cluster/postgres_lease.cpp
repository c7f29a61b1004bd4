#include "cluster/postgres_lease.hpp"

#include "store/postgres_connection.hpp"
#include "store/postgres_migrations.hpp"

namespace tglink {

namespace {

// Takes the row when it is missing, expired or already ours; the WHERE leaves another node's
// live lease alone, and then no row comes back. Times are the database's clock in milliseconds
// since the epoch (clock_timestamp(), not the transaction's now()).
constexpr std::string_view kTakeOrRenew = R"sql(
INSERT INTO leader_lease AS lease (name, holder, expires_at_ms, term)
VALUES ($1, $2, (extract(epoch FROM clock_timestamp()) * 1000)::bigint + $3, 1)
ON CONFLICT (name) DO UPDATE SET
  holder = EXCLUDED.holder,
  expires_at_ms = EXCLUDED.expires_at_ms,
  term = CASE WHEN lease.holder = EXCLUDED.holder THEN lease.term ELSE lease.term + 1 END
WHERE lease.holder = EXCLUDED.holder
   OR lease.expires_at_ms < (extract(epoch FROM clock_timestamp()) * 1000)::bigint
RETURNING term
)sql";

// A renewal runs on the I/O thread: an unreachable database must cost seconds, not a TCP timeout,
// and a lease renewal that cannot finish well inside the TTL is worthless anyway.
constexpr PgConnectionOptions kLeaseConnection{
    .connect_timeout_seconds = 2, .statement_timeout_ms = 2000, .network_timeout_ms = 3000};

// Expired rather than deleted, so the term keeps counting across hand-overs.
constexpr std::string_view kRelease =
    "UPDATE leader_lease SET expires_at_ms = 0 WHERE name = $1 AND holder = $2";

}  // namespace

PostgresLease::PostgresLease(const std::string& url, std::string node_id,
                             std::chrono::milliseconds ttl, std::string name)
    : db_(std::make_unique<PgConnection>(url, kLeaseConnection)),
      node_id_(std::move(node_id)),
      ttl_(ttl),
      name_(std::move(name)) {
  migrate_schema(*db_);
}

PostgresLease::~PostgresLease() = default;

LeaseRenewal PostgresLease::renew() {
  try {
    const PgResult result = db_->query(kTakeOrRenew, {name_, node_id_, std::int64_t{ttl_.count()}});
    if (result.rows() == 0) {
      return LeaseRenewal{false, 0, {}};
    }
    return LeaseRenewal{true, result.int_at(0, 0), {}};
  } catch (const StoreError& e) {
    return LeaseRenewal{false, 0, e.what()};
  }
}

void PostgresLease::release() {
  try {
    db_->query(kRelease, {name_, node_id_});
  } catch (const StoreError&) {
    // Unreachable: the lease runs out by itself within the TTL.
  }
}

}  // namespace tglink
