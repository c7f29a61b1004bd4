#include "store/sqlite_handle.hpp"

#include <filesystem>
#include <utility>

#include <sqlite3.h>

#include "core/private_files.hpp"

namespace tglink {

namespace {

std::string describe(const std::string& path, std::string_view what, std::string_view detail) {
  std::string message = path;
  message.append(": ").append(what).append(": ").append(detail);
  return message;
}

// A plain file name, as opposed to ":memory:", "" (a temporary database) or a "file:" URI.
bool names_a_file(const std::string& path) {
  return !path.empty() && path != ":memory:" && !path.starts_with("file:");
}

// The store holds every user id: it and the files SQLite keeps beside it are 0600. SQLite
// gives its -wal, -shm and -journal files the mode of the database file (unixOpen,
// findCreateFileMode), so creating the database 0600 first is enough for new ones; older ones
// are narrowed here.
void secure_database_files(const std::string& path) {
  try {
    make_private_file(path);
    for (const char* suffix : {"-wal", "-shm", "-journal"}) narrow_if_present(path + suffix);
  } catch (const std::filesystem::filesystem_error& e) {
    throw StoreError(describe(path, "cannot make the database private", e.what()));
  }
}

}  // namespace

SqliteDatabase::SqliteDatabase(std::string path) : path_(std::move(path)) {
  if (names_a_file(path_)) secure_database_files(path_);
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  const int rc = sqlite3_open_v2(path_.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    // SQLite may hand back a handle even on failure; it holds the message and must be closed.
    const std::string detail = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError(describe(path_, "cannot open database", detail));
  }
  sqlite3_extended_result_codes(db_, 1);
}

SqliteDatabase::~SqliteDatabase() {
  // All statements are finalized by their owners first, so close_v2 frees everything now.
  sqlite3_close_v2(db_);
}

void SqliteDatabase::exec(std::string_view sql) {
  const std::string text(sql);
  char* error = nullptr;
  if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string detail = error != nullptr ? error : sqlite3_errmsg(db_);
    sqlite3_free(error);
    throw StoreError(describe(path_, "cannot run \"" + text + "\"", detail));
  }
}

void SqliteDatabase::rollback_quietly() noexcept {
  sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

std::int64_t SqliteDatabase::query_int(std::string_view sql) {
  SqliteStatement statement(*this, sql);
  StatementRun run(statement);
  if (!run.next_row()) {
    throw StoreError(describe(path_, "no row from \"" + std::string(sql) + "\"", "empty result"));
  }
  return run.int_at(0);
}

std::int64_t SqliteDatabase::changes() const { return sqlite3_changes64(db_); }

std::int64_t SqliteDatabase::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

void SqliteDatabase::fail(std::string_view what) const {
  throw StoreError(describe(path_, what, sqlite3_errmsg(db_)));
}

SqliteStatement::SqliteStatement(SqliteDatabase& db, std::string_view sql) : db_(db) {
  const int rc = sqlite3_prepare_v3(db.handle(), sql.data(), static_cast<int>(sql.size()),
                                    SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
  if (rc != SQLITE_OK) {
    db.fail("cannot prepare \"" + std::string(sql) + "\"");
  }
}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(stmt_); }

StatementRun::StatementRun(SqliteStatement& statement) : statement_(statement) {}

StatementRun::~StatementRun() {
  sqlite3_reset(statement_.handle());
  sqlite3_clear_bindings(statement_.handle());
}

StatementRun& StatementRun::bind(int index, std::int64_t value) {
  if (sqlite3_bind_int64(statement_.handle(), index, value) != SQLITE_OK) {
    statement_.database().fail("cannot bind parameter " + std::to_string(index));
  }
  return *this;
}

StatementRun& StatementRun::bind(int index, std::string_view value) {
  // SQLITE_TRANSIENT: SQLite copies the text, so the caller's buffer may go away before step().
  if (sqlite3_bind_text64(statement_.handle(), index, value.data(), value.size(), SQLITE_TRANSIENT,
                          SQLITE_UTF8) != SQLITE_OK) {
    statement_.database().fail("cannot bind parameter " + std::to_string(index));
  }
  return *this;
}

bool StatementRun::next_row() {
  const int rc = sqlite3_step(statement_.handle());
  if (rc == SQLITE_ROW) {
    return true;
  }
  if (rc == SQLITE_DONE) {
    return false;
  }
  statement_.database().fail(std::string("cannot run \"") + sqlite3_sql(statement_.handle()) +
                             "\"");
}

void StatementRun::finish() {
  while (next_row()) {
  }
}

std::int64_t StatementRun::int_at(int column) const {
  return sqlite3_column_int64(statement_.handle(), column);
}

bool StatementRun::is_null_at(int column) const {
  return sqlite3_column_type(statement_.handle(), column) == SQLITE_NULL;
}

std::string StatementRun::text_at(int column) const {
  const unsigned char* text = sqlite3_column_text(statement_.handle(), column);
  const int size = sqlite3_column_bytes(statement_.handle(), column);
  if (text == nullptr) {
    return {};
  }
  return {reinterpret_cast<const char*>(text), static_cast<std::size_t>(size)};
}

}  // namespace tglink
