// SqliteStore: what the operator's dashboard keeps (schema step 13). Called every minute at most
// (a flush, a report) and when an admin's page asks, so each prepares its statement when called.

#include "store/date_keys.hpp"
#include "store/record_rows.hpp"
#include "store/sqlite_handle.hpp"
#include "store/sqlite_store.hpp"

namespace tglink {

bool SqliteStore::raise_mark(const std::string& name, std::int64_t value) {
  return run_statement(database(),
                       "INSERT INTO counters (name, value) VALUES (?1, ?2) ON CONFLICT (name) "
                       "DO UPDATE SET value = excluded.value WHERE counters.value < "
                       "excluded.value",
                       name, value) == 1;
}

std::int64_t SqliteStore::mark(const std::string& name) {
  return select_first_row(database(), "SELECT value FROM counters WHERE name = ?1",
                          read_int<StatementRun>, name)
      .value_or(0);
}

void SqliteStore::add_minute_traffic(const std::vector<MinuteTraffic>& minutes) {
  if (minutes.empty()) return;
  SqliteTransaction transaction(database());
  SqliteStatement upsert(database(),
                         "INSERT INTO minute_traffic (node_id, minute_unix, requests, bytes) "
                         "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (node_id, minute_unix) DO UPDATE "
                         "SET requests = requests + excluded.requests, "
                         "bytes = bytes + excluded.bytes");
  for (const MinuteTraffic& minute : minutes) {
    if (minute.node_id.empty()) throw StoreError("add_minute_traffic: empty node id");
    StatementRun(upsert)
        .bind_all(minute.node_id, minute.minute_unix, minute.requests, minute.bytes)
        .finish();
  }
  transaction.commit();
}

std::vector<MinuteTraffic> SqliteStore::minute_traffic_since(std::int64_t since_unix) {
  return select_rows(database(),
                     "SELECT node_id, minute_unix, requests, bytes FROM minute_traffic "
                     "WHERE minute_unix >= ?1 ORDER BY node_id, minute_unix",
                     read_minute_traffic<StatementRun>, since_unix);
}

void SqliteStore::save_node_report(const NodeReport& report) {
  if (report.node_id.empty()) throw StoreError("save_node_report: empty node id");
  run_statement(database(),
                "INSERT INTO node_reports (node_id, reported_unix, report_json) "
                "VALUES (?1, ?2, ?3) ON CONFLICT (node_id) DO UPDATE SET "
                "reported_unix = excluded.reported_unix, report_json = excluded.report_json",
                report.node_id, report.reported_unix, report.report_json);
}

std::vector<NodeReport> SqliteStore::node_reports() {
  return select_rows(database(),
                     "SELECT node_id, reported_unix, report_json FROM node_reports "
                     "ORDER BY node_id",
                     read_node_report<StatementRun>);
}

std::vector<DayCount> SqliteStore::new_users_per_day(std::int64_t since_unix) {
  return select_rows(database(),
                     "SELECT date(first_seen_unix, 'unixepoch') AS day, COUNT(*) FROM users "
                     "WHERE first_seen_unix >= ?1 GROUP BY day ORDER BY day",
                     read_day_count<StatementRun>, since_unix);
}

int SqliteStore::delete_dashboard_history(std::int64_t cutoff_unix,
                                          const std::string& first_day_kept) {
  require_day(first_day_kept);
  SqliteTransaction transaction(database());
  std::int64_t deleted =
      run_statement(database(), "DELETE FROM minute_traffic WHERE minute_unix < ?1", cutoff_unix);
  deleted +=
      run_statement(database(), "DELETE FROM link_traffic_days WHERE day < ?1", first_day_kept);
  transaction.commit();
  return static_cast<int>(deleted);
}

}  // namespace tglink
