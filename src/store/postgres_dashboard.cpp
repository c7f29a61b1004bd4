// PostgresStore: what the operator's dashboard keeps (schema step 13), shared by every node:
// each node adds its own minutes and report; marks move by one atomic upsert, so a one-time link
// opens once whichever node it reaches.

#include "store/date_keys.hpp"
#include "store/postgres_store.hpp"
#include "store/record_rows.hpp"

namespace tglink {

bool PostgresStore::raise_mark(const std::string& name, std::int64_t value) {
  const PgResult result = db_->query(
      "INSERT INTO counters (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET "
      "value = EXCLUDED.value WHERE counters.value < EXCLUDED.value",
      {name, value});
  return result.affected() == 1;
}

std::int64_t PostgresStore::mark(const std::string& name) {
  return read_first_row(db_->query("SELECT value FROM counters WHERE name = $1", {name}),
                        read_int<PgRow>)
      .value_or(0);
}

// One statement for every minute (arrays unnested side by side), as link traffic is.
void PostgresStore::add_minute_traffic(const std::vector<MinuteTraffic>& minutes) {
  if (minutes.empty()) return;
  std::string nodes;
  std::string starts;
  std::string requests;
  std::string bytes;
  for (const MinuteTraffic& minute : minutes) {
    if (minute.node_id.empty()) throw StoreError("add_minute_traffic: empty node id");
    const char* comma = starts.empty() ? "" : ",";
    nodes += comma + std::string("\"");
    for (const char c : minute.node_id) {
      if (c == '"' || c == '\\') nodes += '\\';
      nodes += c;
    }
    nodes += "\"";
    starts += comma + std::to_string(minute.minute_unix);
    requests += comma + std::to_string(minute.requests);
    bytes += comma + std::to_string(minute.bytes);
  }
  db_->query(
      "INSERT INTO minute_traffic (node_id, minute_unix, requests, bytes) "
      "SELECT node_id, minute_unix, SUM(requests), SUM(bytes) FROM unnest($1::text[], "
      "$2::bigint[], $3::bigint[], $4::bigint[]) AS u(node_id, minute_unix, requests, bytes) "
      "GROUP BY node_id, minute_unix ON CONFLICT (node_id, minute_unix) DO UPDATE SET "
      "requests = minute_traffic.requests + EXCLUDED.requests, "
      "bytes = minute_traffic.bytes + EXCLUDED.bytes",
      {"{" + nodes + "}", "{" + starts + "}", "{" + requests + "}", "{" + bytes + "}"});
}

std::vector<MinuteTraffic> PostgresStore::minute_traffic_since(std::int64_t since_unix) {
  return read_rows(db_->query("SELECT node_id, minute_unix, requests, bytes FROM minute_traffic "
                              "WHERE minute_unix >= $1 "
                              "ORDER BY node_id, minute_unix",
                              {since_unix}),
                   read_minute_traffic<PgRow>);
}

void PostgresStore::save_node_report(const NodeReport& report) {
  if (report.node_id.empty()) throw StoreError("save_node_report: empty node id");
  db_->query(
      "INSERT INTO node_reports (node_id, reported_unix, report_json) VALUES ($1, $2, $3) "
      "ON CONFLICT (node_id) DO UPDATE SET reported_unix = EXCLUDED.reported_unix, "
      "report_json = EXCLUDED.report_json",
      {report.node_id, report.reported_unix, report.report_json});
}

std::vector<NodeReport> PostgresStore::node_reports() {
  return read_rows(
      db_->query("SELECT node_id, reported_unix, report_json FROM node_reports ORDER BY node_id"),
      read_node_report<PgRow>);
}

std::vector<DayCount> PostgresStore::new_users_per_day(std::int64_t since_unix) {
  return read_rows(
      db_->query(
          "SELECT to_char(to_timestamp(first_seen_unix) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, "
          "COUNT(*) FROM users WHERE first_seen_unix >= $1 GROUP BY day ORDER BY day",
          {since_unix}),
      read_day_count<PgRow>);
}

int PostgresStore::delete_dashboard_history(std::int64_t cutoff_unix,
                                            const std::string& first_day_kept) {
  require_day(first_day_kept);
  const PgResult result = db_->query(
      "WITH m AS (DELETE FROM minute_traffic WHERE minute_unix < $1 RETURNING 1), "
      "d AS (DELETE FROM link_traffic_days WHERE day < $2 RETURNING 1) "
      "SELECT (SELECT COUNT(*) FROM m) + (SELECT COUNT(*) FROM d)",
      {cutoff_unix, first_day_kept});
  return static_cast<int>(result.int_at(0, 0));
}

}  // namespace tglink
