// Schema migrations: a new database gets every step; an old one gets the missing steps and keeps
// its data; a failing step leaves the database at its previous version.

#include "store/migrations.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sqlite3.h>

#include "store/sqlite_handle.hpp"
#include "store/sqlite_store.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;

// The schema exactly as version 1 shipped. Frozen on purpose: migrations must upgrade databases
// that really exist, so this copy must not follow later edits to migrations.cpp.
constexpr const char* kShippedVersion1 = R"sql(
CREATE TABLE users (
  user_id         INTEGER PRIMARY KEY,
  first_name      TEXT    NOT NULL DEFAULT '',
  username        TEXT    NOT NULL DEFAULT '',
  first_seen_unix INTEGER NOT NULL DEFAULT 0,
  links_total     INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE daily_links (
  user_id INTEGER NOT NULL,
  day     TEXT    NOT NULL,
  links   INTEGER NOT NULL,
  PRIMARY KEY (user_id, day)
) WITHOUT ROWID;
CREATE TABLE monthly_bandwidth (
  month TEXT    PRIMARY KEY,
  bytes INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE counters (
  name  TEXT    PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
PRAGMA user_version = 1;
)sql";

constexpr const char* kVersion1Data = R"sql(
INSERT INTO users VALUES (100, 'Old', 'old_user', 1600000000, 2);
INSERT INTO users VALUES (200, 'Older', '', 1500000000, 0);
INSERT INTO daily_links VALUES (100, '2020-09-13', 2);
INSERT INTO monthly_bandwidth VALUES ('2020-09', 123456789);
INSERT INTO counters VALUES ('links_total', 2);
)sql";

// Writes SQL through the plain C API, so the test does not depend on the code under test.
void write_by_hand(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* error = nullptr;
  const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &error);
  const std::string message = error != nullptr ? error : "";
  sqlite3_free(error);
  sqlite3_close(db);
  ASSERT_EQ(rc, SQLITE_OK) << message;
}

bool has_table(SqliteDatabase& db, const std::string& name) {
  return db.query_int("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '" +
                      name + "'") == 1;
}

// Step numbers are handed out to branches developed side by side (docs/architecture.md), so a
// branch may lack a lower step until they are merged: numbers must rise, not be consecutive.
TEST(MigrationsTest, StepsAreNumberedInOrder) {
  int previous = 0;
  for (const Migration& step : schema_migrations()) {
    EXPECT_GT(step.version, previous);
    previous = step.version;
    EXPECT_FALSE(step.sqlite.empty());
    EXPECT_FALSE(step.postgresql.empty()) << "step " << step.version << " has no PostgreSQL form";
    EXPECT_FALSE(step.description.empty());
  }
  EXPECT_EQ(latest_schema_version(), previous);
  EXPECT_GE(latest_schema_version(), 3);
}

TEST(MigrationsTest, EmptyDatabaseGetsEveryTable) {
  SqliteDatabase db(":memory:");
  migrate_schema(db);
  EXPECT_EQ(db.query_int("PRAGMA user_version"), latest_schema_version());
  for (const char* table :
       {"users", "daily_links", "monthly_bandwidth", "counters", "revoked_links", "broadcasts",
        "broadcast_recipients", "pending_uploads", "leader_lease", "cluster_nodes", "batches",
        "batch_files"}) {
    EXPECT_TRUE(has_table(db, table)) << table;
  }
}

TEST(MigrationsTest, MigratingTwiceChangesNothing) {
  SqliteDatabase db(":memory:");
  migrate_schema(db);
  const std::int64_t objects = db.query_int("SELECT COUNT(*) FROM sqlite_master");
  migrate_schema(db);
  EXPECT_EQ(db.query_int("SELECT COUNT(*) FROM sqlite_master"), objects);
  EXPECT_EQ(db.query_int("PRAGMA user_version"), latest_schema_version());
}

TEST(MigrationsTest, Version1DatabaseIsUpgradedAndKeepsItsData) {
  const testing::TempDir dir;
  const std::string path = dir.file("old.db");
  write_by_hand(path, kShippedVersion1);
  write_by_hand(path, kVersion1Data);

  {
    SqliteStore store(path);
    const std::optional<UserRecord> old = store.find_user(100);
    ASSERT_TRUE(old.has_value());
    EXPECT_EQ(old->first_name, "Old");
    EXPECT_EQ(old->username, "old_user");
    EXPECT_EQ(old->first_seen_unix, 1'600'000'000);
    EXPECT_EQ(old->links_total, 2);
    EXPECT_EQ(store.count_users(), 2);
    EXPECT_EQ(store.links_on_day(100, "2020-09-13"), 2);
    EXPECT_EQ(store.links_total(), 2);
    EXPECT_EQ(store.bandwidth_used("2020-09"), 123'456'789);

    // The later tables exist and work.
    store.revoke_link(9 << 20, 0);
    EXPECT_TRUE(store.is_revoked(9 << 20));
    BroadcastJob job;
    job.state = "running";
    job.id = store.create_broadcast(job);
    EXPECT_TRUE(store.mark_broadcast_recipient(job.id, 100, "sent"));
    store.record_link(100, "2020-09-13");
    EXPECT_EQ(store.links_total(), 3);
  }
  SqliteDatabase db(path);
  EXPECT_EQ(db.query_int("PRAGMA user_version"), latest_schema_version());
  EXPECT_TRUE(has_table(db, "revoked_links"));
  EXPECT_TRUE(has_table(db, "broadcast_recipients"));
  EXPECT_TRUE(has_table(db, "pending_uploads"));
}

TEST(MigrationsTest, FailingStepRollsBackAndNamesTheStep) {
  const testing::TempDir dir;
  const std::string path = dir.file("clash.db");
  write_by_hand(path, kShippedVersion1);
  // Step 2 creates revoked_links; an odd table of that name makes it fail part way.
  write_by_hand(path, "CREATE TABLE revoked_links (x TEXT);");

  SqliteDatabase db(path);
  try {
    migrate_schema(db);
    FAIL() << "step 2 should have failed";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr("step 2"));
    EXPECT_THAT(e.what(), HasSubstr(path));
  }
  EXPECT_EQ(db.query_int("PRAGMA user_version"), 1);
  EXPECT_FALSE(has_table(db, "broadcasts"));
}

TEST(MigrationsTest, NewerDatabaseIsRefused) {
  const testing::TempDir dir;
  const std::string path = dir.file("future.db");
  write_by_hand(path, "PRAGMA user_version = 999;");
  try {
    SqliteStore store(path);
    FAIL() << "opened a database from the future";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr("999"));
    EXPECT_THAT(e.what(), HasSubstr(path));
  }
}

TEST(MigrationsTest, StoreOpensInWalModeWithForeignKeys) {
  const testing::TempDir dir;
  const std::string path = dir.file("wal.db");
  { SqliteStore store(path); }
  SqliteDatabase db(path);
  // journal_mode=WAL is persistent in the file; a fresh connection sees it.
  SqliteStatement mode(db, "PRAGMA journal_mode");
  StatementRun run(mode);
  ASSERT_TRUE(run.next_row());
  EXPECT_EQ(run.text_at(0), "wal");
}

}  // namespace
}  // namespace tglink
