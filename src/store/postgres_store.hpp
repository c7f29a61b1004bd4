#pragma once
// The Store for several nodes: one PostgreSQL database shared by every tglink node
// (DATABASE_URL). Same interface and schema steps as SqliteStore (store/migrations.hpp).
//
// Each counter that nodes update at once (daily links, monthly bandwidth, broadcast recipient
// marks) is changed by one atomic statement (INSERT ... ON CONFLICT ... DO UPDATE), never by a
// read followed by a write, so concurrent nodes cannot lose each other's increments.
//
// Calls are synchronous, like SqliteStore's: one round trip each, on the calling thread. Not
// thread-safe; one PostgresStore (one connection) per thread.

#include <memory>
#include <string>

#include "store/postgres_connection.hpp"
#include "store/store.hpp"

namespace tglink {

class PostgresStore final : public Store {
 public:
  // Connects to `url` (postgresql://user:pass@host:port/db) and applies missing schema steps.
  // Throws StoreError naming the server (never the password) if either fails.
  explicit PostgresStore(const std::string& url, PgConnectionOptions options = {});
  ~PostgresStore() override;

  // "host:port/database as user", for logs.
  [[nodiscard]] const std::string& server() const;

  // Every Store method, declared once for both stores.
#include "store/store_overrides.inc"

 private:
  std::unique_ptr<PgConnection> db_;
};

}  // namespace tglink
