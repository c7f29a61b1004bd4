#pragma once
// Thin RAII owners for SQLite's C handles. Every failure becomes a StoreError that names the
// database file and carries SQLite's own message, so a log line says which file and why.
//
// Not thread-safe: one SqliteDatabase and its statements belong to one thread.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "store/scoped_transaction.hpp"
#include "store/store.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace tglink {

class SqliteDatabase {
 public:
  // Opens (creating if needed) the database at `path`; ":memory:" gives a private in-memory one.
  explicit SqliteDatabase(std::string path);
  ~SqliteDatabase();
  SqliteDatabase(const SqliteDatabase&) = delete;
  SqliteDatabase& operator=(const SqliteDatabase&) = delete;

  [[nodiscard]] sqlite3* handle() const { return db_; }
  [[nodiscard]] const std::string& path() const { return path_; }

  // Runs one or more statements that return no rows (schema steps, PRAGMAs, BEGIN/COMMIT).
  void exec(std::string_view sql);
  // Runs a statement returning one integer, e.g. "PRAGMA user_version".
  [[nodiscard]] std::int64_t query_int(std::string_view sql);

  // Rows changed by the most recent INSERT, UPDATE or DELETE.
  [[nodiscard]] std::int64_t changes() const;
  [[nodiscard]] std::int64_t last_insert_rowid() const;

  // For a destructor: ROLLBACK, ignoring a failure (SQLite rolls back on close).
  void rollback_quietly() noexcept;

  // Throws StoreError: "<path>: <what>: <SQLite's latest message>".
  [[noreturn]] void fail(std::string_view what) const;

 private:
  std::string path_;
  sqlite3* db_ = nullptr;
};

// A statement compiled once and reused; run it through a StatementRun.
class SqliteStatement {
 public:
  SqliteStatement(SqliteDatabase& db, std::string_view sql);
  ~SqliteStatement();
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  [[nodiscard]] sqlite3_stmt* handle() const { return stmt_; }
  [[nodiscard]] SqliteDatabase& database() const { return db_; }

 private:
  SqliteDatabase& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// One execution of a prepared statement. Parameters are numbered from 1 and columns from 0,
// as in SQLite. The destructor resets the statement, so no read transaction outlives the scope
// (an unreset SELECT would otherwise keep a WAL snapshot pinned and block checkpoints).
class StatementRun {
 public:
  explicit StatementRun(SqliteStatement& statement);
  ~StatementRun();
  StatementRun(const StatementRun&) = delete;
  StatementRun& operator=(const StatementRun&) = delete;

  StatementRun& bind(int index, std::int64_t value);
  StatementRun& bind(int index, std::string_view value);
  // Binds `params` to ?1, ?2, ... in order.
  template <typename... Params>
  StatementRun& bind_all(const Params&... params) {
    int index = 0;
    (bind(++index, params), ...);
    return *this;
  }

  // Steps once; true while there is a row to read.
  [[nodiscard]] bool next_row();
  // Steps a statement that returns no rows (or whose rows do not matter) to completion.
  void finish();

  [[nodiscard]] std::int64_t int_at(int column) const;
  [[nodiscard]] std::string text_at(int column) const;
  [[nodiscard]] bool is_null_at(int column) const;

 private:
  SqliteStatement& statement_;
};

// Every row the run has left, each as `read` makes it (store/record_rows.hpp).
template <typename Read>
auto read_rows(StatementRun& run, Read read) {
  std::vector<std::invoke_result_t<Read&, const StatementRun&>> rows;
  while (run.next_row()) rows.push_back(read(std::as_const(run)));
  return rows;
}

// The next row as `read` makes it, or nullopt when there is none.
template <typename Read>
auto read_first_row(StatementRun& run, Read read)
    -> std::optional<std::invoke_result_t<Read&, const StatementRun&>> {
  if (!run.next_row()) return std::nullopt;
  return read(std::as_const(run));
}

// For calls too rare to keep a statement prepared: prepares `sql`, binds `params` to ?1, ?2, ...
// and runs it to the end. Answers the rows it changed.
template <typename... Params>
std::int64_t run_statement(SqliteDatabase& db, std::string_view sql, const Params&... params) {
  SqliteStatement statement(db, sql);
  StatementRun(statement).bind_all(params...).finish();
  return db.changes();
}

// The same for a query: every row it returns, each as `read` makes it.
template <typename Read, typename... Params>
auto select_rows(SqliteDatabase& db, std::string_view sql, Read read, const Params&... params) {
  SqliteStatement statement(db, sql);
  StatementRun run(statement);
  run.bind_all(params...);
  return read_rows(run, read);
}

// The same for a query of one row: that row, or nullopt when there is none.
template <typename Read, typename... Params>
auto select_first_row(SqliteDatabase& db, std::string_view sql, Read read,
                      const Params&... params) {
  SqliteStatement statement(db, sql);
  StatementRun run(statement);
  run.bind_all(params...);
  return read_first_row(run, read);
}

// IMMEDIATE takes the write lock up front, so a busy database waits on the busy timeout at BEGIN
// instead of failing half way through.
class SqliteTransaction : public ScopedTransaction<SqliteDatabase> {
 public:
  explicit SqliteTransaction(SqliteDatabase& db) : ScopedTransaction(db, "BEGIN IMMEDIATE") {}
};

}  // namespace tglink
