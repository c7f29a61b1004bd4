// The schema steps on PostgreSQL: a new database gets every step, both dialects describe the same
// tables, a failing step leaves nothing behind, and nodes starting at once migrate exactly once.

#include "store/postgres_migrations.hpp"

#include <map>
#include <set>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "store/migrations.hpp"
#include "store/postgres_connection.hpp"
#include "store/postgres_store.hpp"
#include "store/sqlite_handle.hpp"
#include "support/postgres_server.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using Columns = std::map<std::string, std::set<std::string>>;  // table -> column names

Columns postgres_columns(PgConnection& db) {
  const PgResult result = db.query(
      "SELECT table_name, column_name FROM information_schema.columns "
      "WHERE table_schema = 'public' AND table_name <> 'tglink_schema_version'");
  Columns columns;
  for (int row = 0; row < result.rows(); ++row) {
    columns[result.text_at(row, 0)].insert(result.text_at(row, 1));
  }
  return columns;
}

Columns sqlite_columns(SqliteDatabase& db) {
  SqliteStatement statement(
      db,
      "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p "
      "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'");
  StatementRun run(statement);
  Columns columns;
  while (run.next_row()) {
    columns[run.text_at(0)].insert(run.text_at(1));
  }
  return columns;
}

// Named indexes only: those behind a PRIMARY KEY or UNIQUE constraint are named by each database
// its own way.
std::set<std::string> postgres_indexes(PgConnection& db) {
  const PgResult result = db.query(
      "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND NOT EXISTS "
      "(SELECT 1 FROM pg_constraint WHERE conindid = indexname::regclass)");
  std::set<std::string> names;
  for (int row = 0; row < result.rows(); ++row) {
    names.insert(result.text_at(row, 0));
  }
  return names;
}

std::set<std::string> sqlite_indexes(SqliteDatabase& db) {
  SqliteStatement statement(db,
                            "SELECT name FROM sqlite_master WHERE type = 'index' AND "
                            "name NOT LIKE 'sqlite_autoindex_%'");
  StatementRun run(statement);
  std::set<std::string> names;
  while (run.next_row()) {
    names.insert(run.text_at(0));
  }
  return names;
}

TEST(PostgresMigrationsTest, EmptyDatabaseGetsEveryStep) {
  const testing::ScratchPostgresDatabase scratch;
  PgConnection db(scratch.url());
  EXPECT_EQ(postgres_schema_version(db), 0);
  migrate_schema(db);
  EXPECT_EQ(postgres_schema_version(db), latest_schema_version());
}

TEST(PostgresMigrationsTest, BothDialectsMakeTheSameTablesColumnsAndIndexes) {
  const testing::ScratchPostgresDatabase scratch;
  PgConnection postgres(scratch.url());
  migrate_schema(postgres);
  SqliteDatabase sqlite(":memory:");
  migrate_schema(sqlite);
  EXPECT_EQ(postgres_columns(postgres), sqlite_columns(sqlite));
  EXPECT_EQ(postgres_indexes(postgres), sqlite_indexes(sqlite));
}

TEST(PostgresMigrationsTest, MigratingAgainChangesNothing) {
  const testing::ScratchPostgresDatabase scratch;
  PgConnection db(scratch.url());
  migrate_schema(db);
  const Columns before = postgres_columns(db);
  migrate_schema(db);
  EXPECT_EQ(postgres_columns(db), before);
  EXPECT_EQ(postgres_schema_version(db), latest_schema_version());
  EXPECT_EQ(db.query("SELECT COUNT(*) FROM tglink_schema_version").int_at(0, 0), 1);
}

TEST(PostgresMigrationsTest, FailingStepRollsBackAndNamesTheStep) {
  const testing::ScratchPostgresDatabase scratch;
  PgConnection db(scratch.url());
  // Step 2 creates revoked_links; an odd table of that name makes it fail.
  db.exec("CREATE TABLE revoked_links (x TEXT)");
  try {
    migrate_schema(db);
    FAIL() << "step 2 should have failed";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr("step 2"));
    EXPECT_THAT(e.what(), HasSubstr(scratch.name()));
  }
  EXPECT_EQ(postgres_schema_version(db), 1);
  EXPECT_EQ(db.query("SELECT to_regclass('revoked_links_by_expiry') IS NULL").text_at(0, 0), "t");
  EXPECT_EQ(db.query("SELECT to_regclass('users') IS NOT NULL").text_at(0, 0), "t");
}

TEST(PostgresMigrationsTest, NewerDatabaseIsRefused) {
  const testing::ScratchPostgresDatabase scratch;
  {
    PgConnection db(scratch.url());
    migrate_schema(db);
    db.exec("UPDATE tglink_schema_version SET version = 999");
  }
  try {
    PostgresStore store(scratch.url());
    FAIL() << "opened a database from the future";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr("999"));
    EXPECT_THAT(e.what(), HasSubstr(scratch.name()));
  }
}

TEST(PostgresMigrationsTest, NodesStartingAtOnceMigrateOnce) {
  const testing::ScratchPostgresDatabase scratch;
  constexpr int kNodes = 4;
  std::vector<std::string> errors(kNodes);
  std::vector<std::thread> nodes;
  for (int node = 0; node < kNodes; ++node) {
    nodes.emplace_back([&, node] {
      try {
        PostgresStore store(scratch.url());
      } catch (const StoreError& e) {
        errors[node] = e.what();
      }
    });
  }
  for (std::thread& node : nodes) {
    node.join();
  }
  for (const std::string& error : errors) {
    EXPECT_EQ(error, "");
  }
  PgConnection db(scratch.url());
  EXPECT_EQ(postgres_schema_version(db), latest_schema_version());
}

}  // namespace
}  // namespace tglink
