#pragma once
// Applies the schema steps of store/migrations.hpp to a PostgreSQL database. The number of the
// last step applied lives in the one-row table tglink_schema_version.
//
// Several nodes may start at once against one database: every step runs in its own transaction
// under a transaction-scoped advisory lock and reads the version again under it, so exactly one
// node applies each step and the others see it done. PostgreSQL's DDL is transactional, so a
// failing step leaves nothing behind.

namespace tglink {

class PgConnection;

// Brings the database up to latest_schema_version(). Throws StoreError naming the server and the
// step if a step fails, or if the database is newer than this program.
void migrate_schema(PgConnection& db);

// The version recorded in the database; 0 for a database tglink has never opened.
[[nodiscard]] int postgres_schema_version(PgConnection& db);

}  // namespace tglink
