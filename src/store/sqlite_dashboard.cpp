// SqliteStore: what the operator's dashboard keeps (schema step 13). Called every minute at most
// (a flush, a report) and when an admin's page asks, so each prepares its statement when called.

#include "store/date_keys.hpp"
#include "store/sqlite_handle.hpp"
#include "store/sqlite_store.hpp"

namespace tglink {

bool SqliteStore::raise_mark(const std::string& name, std::int64_t value) {
  SqliteStatement upsert(database(),
                         "INSERT INTO counters (name, value) VALUES (?1, ?2) ON CONFLICT (name) "
                         "DO UPDATE SET value = excluded.value WHERE counters.value < "
                         "excluded.value");
  StatementRun(upsert).bind(1, name).bind(2, value).finish();
  return database().changes() == 1;
}

std::int64_t SqliteStore::mark(const std::string& name) {
  SqliteStatement select(database(), "SELECT value FROM counters WHERE name = ?1");
  StatementRun run(select);
  run.bind(1, name);
  return run.next_row() ? run.int_at(0) : 0;
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
        .bind(1, minute.node_id)
        .bind(2, minute.minute_unix)
        .bind(3, minute.requests)
        .bind(4, minute.bytes)
        .finish();
  }
  transaction.commit();
}

std::vector<MinuteTraffic> SqliteStore::minute_traffic_since(std::int64_t since_unix) {
  SqliteStatement select(database(),
                         "SELECT node_id, minute_unix, requests, bytes FROM minute_traffic "
                         "WHERE minute_unix >= ?1 ORDER BY node_id, minute_unix");
  StatementRun run(select);
  run.bind(1, since_unix);
  std::vector<MinuteTraffic> minutes;
  while (run.next_row()) {
    minutes.push_back(MinuteTraffic{run.text_at(0), run.int_at(1), run.int_at(2), run.int_at(3)});
  }
  return minutes;
}

void SqliteStore::save_node_report(const NodeReport& report) {
  if (report.node_id.empty()) throw StoreError("save_node_report: empty node id");
  SqliteStatement upsert(database(),
                         "INSERT INTO node_reports (node_id, reported_unix, report_json) "
                         "VALUES (?1, ?2, ?3) ON CONFLICT (node_id) DO UPDATE SET "
                         "reported_unix = excluded.reported_unix, "
                         "report_json = excluded.report_json");
  StatementRun(upsert)
      .bind(1, report.node_id)
      .bind(2, report.reported_unix)
      .bind(3, report.report_json)
      .finish();
}

std::vector<NodeReport> SqliteStore::node_reports() {
  SqliteStatement select(database(),
                         "SELECT node_id, reported_unix, report_json FROM node_reports "
                         "ORDER BY node_id");
  StatementRun run(select);
  std::vector<NodeReport> reports;
  while (run.next_row())
    reports.push_back(NodeReport{run.text_at(0), run.int_at(1), run.text_at(2)});
  return reports;
}

std::vector<DayCount> SqliteStore::new_users_per_day(std::int64_t since_unix) {
  SqliteStatement select(database(),
                         "SELECT date(first_seen_unix, 'unixepoch') AS day, COUNT(*) FROM users "
                         "WHERE first_seen_unix >= ?1 GROUP BY day ORDER BY day");
  StatementRun run(select);
  run.bind(1, since_unix);
  std::vector<DayCount> days;
  while (run.next_row()) days.push_back(DayCount{run.text_at(0), run.int_at(1)});
  return days;
}

int SqliteStore::delete_dashboard_history(std::int64_t cutoff_unix,
                                          const std::string& first_day_kept) {
  require_day(first_day_kept);
  SqliteTransaction transaction(database());
  SqliteStatement minutes(database(), "DELETE FROM minute_traffic WHERE minute_unix < ?1");
  StatementRun(minutes).bind(1, cutoff_unix).finish();
  std::int64_t deleted = database().changes();
  SqliteStatement days(database(), "DELETE FROM link_traffic_days WHERE day < ?1");
  StatementRun(days).bind(1, first_day_kept).finish();
  deleted += database().changes();
  transaction.commit();
  return static_cast<int>(deleted);
}

}  // namespace tglink
