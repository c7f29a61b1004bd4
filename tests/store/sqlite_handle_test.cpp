// The RAII wrappers: errors name the file, statements reset, transactions roll back.

#include "store/sqlite_handle.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "support/temp_dir.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;

TEST(SqliteHandleTest, BadSqlNamesTheDatabaseAndSqliteMessage) {
  SqliteDatabase db(":memory:");
  try {
    db.exec("CREATE TABLE (");
    FAIL() << "no error";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr(":memory:"));
    EXPECT_THAT(e.what(), HasSubstr("syntax error"));
  }
  EXPECT_THROW(SqliteStatement(db, "SELECT * FROM missing_table"), StoreError);
}

TEST(SqliteHandleTest, StatementIsReusableAfterAnUnfinishedRun) {
  SqliteDatabase db(":memory:");
  db.exec("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1), (2), (3);");
  SqliteStatement select(db, "SELECT v FROM t WHERE v >= ?1 ORDER BY v");
  {
    StatementRun run(select);
    run.bind(1, std::int64_t{1});
    ASSERT_TRUE(run.next_row());
    EXPECT_EQ(run.int_at(0), 1);
  }  // left mid-way: the destructor resets
  StatementRun run(select);
  run.bind(1, std::int64_t{2});
  ASSERT_TRUE(run.next_row());
  EXPECT_EQ(run.int_at(0), 2);
}

TEST(SqliteHandleTest, TextRoundTripsIncludingEmbeddedNul) {
  SqliteDatabase db(":memory:");
  db.exec("CREATE TABLE t (v TEXT)");
  const std::string value("a\0b", 3);
  SqliteStatement insert(db, "INSERT INTO t VALUES (?1)");
  StatementRun(insert).bind(1, value).finish();
  SqliteStatement select(db, "SELECT v FROM t");
  StatementRun run(select);
  ASSERT_TRUE(run.next_row());
  EXPECT_EQ(run.text_at(0), value);
}

TEST(SqliteHandleTest, TransactionRollsBackUnlessCommitted) {
  SqliteDatabase db(":memory:");
  db.exec("CREATE TABLE t (v INTEGER)");
  {
    SqliteTransaction transaction(db);
    db.exec("INSERT INTO t VALUES (1)");
  }
  EXPECT_EQ(db.query_int("SELECT COUNT(*) FROM t"), 0);
  {
    SqliteTransaction transaction(db);
    db.exec("INSERT INTO t VALUES (1)");
    transaction.commit();
  }
  EXPECT_EQ(db.query_int("SELECT COUNT(*) FROM t"), 1);
}

TEST(SqliteHandleTest, ChangesAndRowid) {
  SqliteDatabase db(":memory:");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)");
  db.exec("INSERT INTO t (v) VALUES (5), (6)");
  EXPECT_EQ(db.changes(), 2);
  EXPECT_EQ(db.last_insert_rowid(), 2);
  db.exec("UPDATE t SET v = 0 WHERE v > 100");
  EXPECT_EQ(db.changes(), 0);
}

}  // namespace
}  // namespace tglink

namespace tglink {
namespace {

unsigned file_mode(const std::string& path) {
  struct stat info {};
  EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
  return info.st_mode & 07777;
}

// The store holds every user id, so it and its WAL files are 0600 even under
// a umask that would let everyone read them.
TEST(SqliteHandleTest, DatabaseAndWalFilesAreOwnerOnly) {
  const testing::TempDir dir;
  const std::string path = dir.file("tglink.db");
  const mode_t old_umask = ::umask(0);
  {
    SqliteDatabase db(path);
    db.exec("PRAGMA journal_mode=WAL; CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1);");
    EXPECT_EQ(file_mode(path), 0600U);
    EXPECT_EQ(file_mode(path + "-wal"), 0600U);
    EXPECT_EQ(file_mode(path + "-shm"), 0600U);
  }
  ::umask(old_umask);
}

TEST(SqliteHandleTest, OpeningNarrowsAStoreMadeReadableByAnOlderVersion) {
  const testing::TempDir dir;
  const std::string path = dir.file("tglink.db");
  { SqliteDatabase db(path); }
  ::chmod(path.c_str(), 0644);
  SqliteDatabase db(path);
  EXPECT_EQ(file_mode(path), 0600U);
}

}  // namespace
}  // namespace tglink
