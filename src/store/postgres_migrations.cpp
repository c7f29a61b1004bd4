#include "store/postgres_migrations.hpp"

#include <string>

#include "store/migrations.hpp"
#include "store/postgres_connection.hpp"
#include "store/record_rows.hpp"

namespace tglink {

namespace {

// The key of the advisory lock that serializes schema changes between nodes: an arbitrary
// constant, the same in every tglink and used for nothing else.
constexpr std::string_view kTakeMigrationLock = "SELECT pg_advisory_xact_lock(7628107105110107)";

// The version table; only_row makes a second row impossible.
constexpr std::string_view kCreateVersionTable = R"sql(
CREATE TABLE IF NOT EXISTS tglink_schema_version (
  only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
  version  INTEGER NOT NULL
);
INSERT INTO tglink_schema_version (version) VALUES (0) ON CONFLICT (only_row) DO NOTHING;
)sql";

int read_version(PgConnection& db) {
  return static_cast<int>(
      read_first_row(db.query("SELECT version FROM tglink_schema_version"), read_int<PgRow>)
          .value_or(0));
}

// A schema step may take long on a big table, and waiting for another node's step is right:
// inside a step's transaction the store's statement timeout is lifted.
void lock_for_schema_change(PgConnection& db) {
  db.exec("SET LOCAL statement_timeout = 0");
  db.exec(kTakeMigrationLock);
}

void create_version_table(PgConnection& db) {
  PgTransaction transaction(db);
  lock_for_schema_change(db);
  db.exec(kCreateVersionTable);
  transaction.commit();
}

void apply_step(PgConnection& db, const Migration& step) {
  PgTransaction transaction(db);
  lock_for_schema_change(db);
  // Read again under the lock: another node may have just applied this step.
  if (read_version(db) >= step.version) {
    return;
  }
  run_schema_step(db, step, step.postgresql);
  db.query("UPDATE tglink_schema_version SET version = $1", {std::int64_t{step.version}});
  transaction.commit();
}

}  // namespace

int postgres_schema_version(PgConnection& db) {
  const PgResult exists = db.query("SELECT to_regclass('tglink_schema_version') IS NOT NULL");
  if (exists.text_at(0, 0) != "t") {
    return 0;
  }
  return read_version(db);
}

void migrate_schema(PgConnection& db) {
  create_version_table(db);
  const int current = read_version(db);
  if (current > latest_schema_version()) {
    throw StoreError("PostgreSQL " + db.server() + ": database schema version " +
                     std::to_string(current) + " is newer than this tglink understands (" +
                     std::to_string(latest_schema_version()) + "); upgrade tglink");
  }
  for (const Migration& step : schema_migrations()) {
    if (step.version > current) {
      apply_step(db, step);
    }
  }
}

}  // namespace tglink
