#pragma once
// Thin RAII owners for libpq's C handles. Every failure becomes a StoreError that names the server
// ("host:port/database as user") and carries PostgreSQL's own message. The password is never part
// of a message: the server is described from libpq's parsed connection options, not the URL.
//
// Not thread-safe: one PgConnection belongs to one thread, like the Store that owns it.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "store/scoped_transaction.hpp"
#include "store/store.hpp"

struct pg_conn;
struct pg_result;

namespace tglink {

// The rows of one statement's result. Rows and columns are numbered from 0.
class PgResult {
 public:
  explicit PgResult(pg_result* result) : result_(result) {}
  ~PgResult();
  PgResult(PgResult&& other) noexcept;
  PgResult& operator=(PgResult&&) = delete;
  PgResult(const PgResult&) = delete;
  PgResult& operator=(const PgResult&) = delete;

  [[nodiscard]] int rows() const;
  // Rows an INSERT, UPDATE or DELETE touched (or a SELECT returned).
  [[nodiscard]] std::int64_t affected() const;
  // Throws StoreError on NULL or on text that is not a whole integer.
  [[nodiscard]] std::int64_t int_at(int row, int column) const;
  [[nodiscard]] std::string text_at(int row, int column) const;

 private:
  pg_result* result_ = nullptr;
};

// One row of a result, read as SQLite's StatementRun is (store/record_rows.hpp).
class PgRow {
 public:
  PgRow(const PgResult& result, int row) : result_(result), row_(row) {}

  [[nodiscard]] std::int64_t int_at(int column) const { return result_.int_at(row_, column); }
  [[nodiscard]] std::string text_at(int column) const { return result_.text_at(row_, column); }

 private:
  const PgResult& result_;
  int row_;
};

// Every row of `result`, each as `read` makes it.
template <typename Read>
auto read_rows(const PgResult& result, Read read) {
  std::vector<std::invoke_result_t<Read&, const PgRow&>> rows;
  rows.reserve(static_cast<std::size_t>(result.rows()));
  for (int row = 0; row < result.rows(); ++row) rows.push_back(read(PgRow(result, row)));
  return rows;
}

// The first row as `read` makes it, or nullopt when there is none.
template <typename Read>
auto read_first_row(const PgResult& result, Read read)
    -> std::optional<std::invoke_result_t<Read&, const PgRow&>> {
  if (result.rows() == 0) return std::nullopt;
  return read(PgRow(result, 0));
}

// One statement parameter, sent as text (PostgreSQL casts it to the column's type), or NULL.
class PgParam {
 public:
  PgParam(std::int64_t value) : text_(std::to_string(value)) {}  // NOLINT: implicit on purpose
  PgParam(std::string_view value) : text_(value) {}              // NOLINT
  PgParam(const std::string& value) : text_(value) {}            // NOLINT
  PgParam(const char* value) : text_(value) {}                   // NOLINT
  PgParam(std::nullopt_t) {}                                     // NOLINT: SQL NULL

  // nullptr for NULL, as libpq expects.
  [[nodiscard]] const char* c_str() const { return text_ ? text_->c_str() : nullptr; }

 private:
  std::optional<std::string> text_;
};

// These replace the same parameters in the URL, since the store relies on them.
struct PgConnectionOptions {
  int connect_timeout_seconds = 10;  // libpq's minimum is 2
  // Server-side limit per statement, so a lock held elsewhere fails a request instead of hanging
  // the I/O thread (the counterpart of SQLite's busy timeout). 0 = no limit.
  int statement_timeout_ms = 5000;
  // Client-side limit on a silent network (cut cable, dead host): how long sent data may go
  // unacknowledged before the connection fails (TCP_USER_TIMEOUT), with keepalive probes for an
  // idle wait. Without it a call on a cut network blocks for TCP's retransmission time, minutes.
  int network_timeout_ms = 6000;
};

class PgConnection {
 public:
  // `url` is a libpq connection URI (postgresql://user:pass@host:port/db?...). Throws StoreError
  // naming the server if it cannot connect.
  explicit PgConnection(const std::string& url, PgConnectionOptions options = {});
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  // "host:port/database as user": for messages and logs; never the password.
  [[nodiscard]] const std::string& server() const { return server_; }

  // Runs one or more statements without parameters (schema steps, BEGIN/COMMIT).
  void exec(std::string_view sql);
  // Runs one statement with parameters $1, $2, ...
  PgResult query(std::string_view sql, const std::vector<PgParam>& params = {});

  // For LISTEN (store/postgres_revocation_listener.hpp): the socket to poll for notifications,
  // and the payloads of those that arrived, reading what the socket holds. Throws StoreError when
  // the connection is lost (no reconnection here: what was missed meanwhile must be re-read).
  [[nodiscard]] int socket() const;
  [[nodiscard]] std::vector<std::string> take_notifications();

  // For a destructor: ROLLBACK, ignoring a failure (the server rolls back an abandoned
  // transaction by itself when the connection is gone).
  void rollback_quietly() noexcept;

  // Throws StoreError: "PostgreSQL <server>: <what>: <libpq's latest message>".
  [[noreturn]] void fail(std::string_view what, std::string_view detail) const;

 private:
  // A connection the server or the network dropped is re-established before the next statement
  // (never a retry of a statement that may have run).
  void reconnect_if_broken();

  pg_conn* conn_ = nullptr;
  std::string server_;
};

class PgTransaction : public ScopedTransaction<PgConnection> {
 public:
  explicit PgTransaction(PgConnection& connection) : ScopedTransaction(connection, "BEGIN") {}
};

}  // namespace tglink
