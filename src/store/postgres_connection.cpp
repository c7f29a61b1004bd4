#include "store/postgres_connection.hpp"

#include <algorithm>
#include <charconv>
#include <utility>

#include <libpq-fe.h>

#include "store/database_url.hpp"

namespace tglink {

namespace {

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) {
    text.pop_back();
  }
  return text;
}

std::string or_default(const char* value, std::string_view fallback) {
  return value != nullptr && value[0] != '\0' ? std::string(value) : std::string(fallback);
}

// libpq's own view of where it connects, so the description matches what it really did.
std::string describe_server(const pg_conn* conn) {
  return or_default(PQhost(conn), "?") + ":" + or_default(PQport(conn), "5432") + "/" +
         or_default(PQdb(conn), "?") + " as " + or_default(PQuser(conn), "?");
}

pg_conn* open_connection(const std::string& url, const PgConnectionOptions& options) {
  const std::string timeout = std::to_string(options.connect_timeout_seconds);
  const std::string server_options =
      "-c statement_timeout=" + std::to_string(options.statement_timeout_ms);
  const std::string network_timeout = std::to_string(options.network_timeout_ms);
  const std::string probe_every = std::to_string(std::max(1, options.network_timeout_ms / 3000));
  // expand_dbname = 1: "dbname" holds the whole URI; the keywords after it override it.
  const char* keywords[] = {"dbname",
                            "connect_timeout",
                            "options",
                            "application_name",
                            "tcp_user_timeout",
                            "keepalives_idle",
                            "keepalives_interval",
                            "keepalives_count",
                            nullptr};
  const char* values[] = {url.c_str(),
                          timeout.c_str(),
                          server_options.c_str(),
                          "tglink",
                          network_timeout.c_str(),
                          probe_every.c_str(),
                          probe_every.c_str(),
                          "2",
                          nullptr};
  return PQconnectdbParams(keywords, values, 1);
}

bool succeeded(const pg_result* result) {
  const ExecStatusType status = PQresultStatus(result);
  return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

std::string error_of(const pg_conn* conn, const pg_result* result) {
  const char* message = result != nullptr ? PQresultErrorMessage(result) : "";
  return trimmed(message[0] != '\0' ? message : PQerrorMessage(conn));
}

// A statement as it appears in an error: whitespace folded, at most 100 characters.
std::string summary(std::string_view sql) {
  std::string text;
  for (const char c : sql) {
    const bool space = c == ' ' || c == '\n' || c == '\t';
    if (!space) {
      text.push_back(c);
    } else if (!text.empty() && text.back() != ' ') {
      text.push_back(' ');
    }
  }
  if (text.size() > 100) {
    text.resize(97);
    text += "...";
  }
  return trimmed(text);
}

}  // namespace

// --- PgResult ---

PgResult::~PgResult() { PQclear(result_); }

PgResult::PgResult(PgResult&& other) noexcept : result_(std::exchange(other.result_, nullptr)) {}

int PgResult::rows() const { return PQntuples(result_); }

std::int64_t PgResult::affected() const {
  const char* text = PQcmdTuples(result_);
  std::int64_t count = 0;
  std::from_chars(text, text + std::char_traits<char>::length(text), count);
  return count;
}

std::int64_t PgResult::int_at(int row, int column) const {
  if (PQgetisnull(result_, row, column) != 0) {
    throw StoreError("PostgreSQL: NULL where an integer was expected (column " +
                     std::to_string(column) + ")");
  }
  const char* text = PQgetvalue(result_, row, column);
  const char* end = text + PQgetlength(result_, row, column);
  std::int64_t value = 0;
  const auto [stop, error] = std::from_chars(text, end, value);
  if (error != std::errc() || stop != end) {
    throw StoreError("PostgreSQL: \"" + std::string(text, end) + "\" is not an integer");
  }
  return value;
}

std::string PgResult::text_at(int row, int column) const {
  return std::string(PQgetvalue(result_, row, column),
                     static_cast<std::size_t>(PQgetlength(result_, row, column)));
}

// --- PgConnection ---

PgConnection::PgConnection(const std::string& url, PgConnectionOptions options)
    : conn_(open_connection(url, options)) {
  if (conn_ == nullptr) {
    throw StoreError("PostgreSQL " + redact_database_url(url) + ": out of memory connecting");
  }
  server_ = describe_server(conn_);
  if (PQstatus(conn_) != CONNECTION_OK) {
    const std::string detail = redact_password(url, trimmed(PQerrorMessage(conn_)));
    PQfinish(conn_);
    conn_ = nullptr;
    throw StoreError("PostgreSQL " + server_ + ": cannot connect: " + detail);
  }
}

PgConnection::~PgConnection() { PQfinish(conn_); }

void PgConnection::fail(std::string_view what, std::string_view detail) const {
  std::string message = "PostgreSQL " + server_;
  message.append(": ").append(what).append(": ").append(detail);
  throw StoreError(message);
}

void PgConnection::reconnect_if_broken() {
  if (PQstatus(conn_) == CONNECTION_OK) {
    return;
  }
  PQreset(conn_);
  if (PQstatus(conn_) != CONNECTION_OK) {
    fail("connection lost and cannot reconnect", trimmed(PQerrorMessage(conn_)));
  }
}

void PgConnection::exec(std::string_view sql) {
  reconnect_if_broken();
  const std::string text(sql);
  pg_result* raw = PQexec(conn_, text.c_str());
  const PgResult owner(raw);
  if (!succeeded(raw)) {
    fail("cannot run \"" + summary(sql) + "\"", error_of(conn_, raw));
  }
}

void PgConnection::rollback_quietly() noexcept {
  try {
    exec("ROLLBACK");
  } catch (const StoreError&) {
    // The connection is gone, and the transaction with it.
  }
}

PgResult PgConnection::query(std::string_view sql, const std::vector<PgParam>& params) {
  reconnect_if_broken();
  const std::string text(sql);
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const PgParam& param : params) {
    values.push_back(param.c_str());
  }
  pg_result* raw = PQexecParams(conn_, text.c_str(), static_cast<int>(values.size()), nullptr,
                                values.data(), nullptr, nullptr, 0);
  PgResult result(raw);
  if (!succeeded(raw)) {
    fail("cannot run \"" + summary(sql) + "\"", error_of(conn_, raw));
  }
  return result;
}

int PgConnection::socket() const { return PQsocket(conn_); }

std::vector<std::string> PgConnection::take_notifications() {
  if (PQconsumeInput(conn_) == 0 || PQstatus(conn_) != CONNECTION_OK) {
    fail("connection lost while listening", trimmed(PQerrorMessage(conn_)));
  }
  std::vector<std::string> payloads;
  while (pgNotify* notice = PQnotifies(conn_)) {
    payloads.emplace_back(notice->extra);
    PQfreemem(notice);
  }
  return payloads;
}

}  // namespace tglink
