// PostgresStore: links people made with their traffic, and banned users (schema step 7). Each
// count moves by one atomic UPDATE, so nodes serving the same link never lose an increment.

#include "store/date_keys.hpp"
#include "store/link_record_checks.hpp"
#include "store/postgres_store.hpp"
#include "store/record_rows.hpp"

namespace tglink {

namespace {

// Entries for links without a record are dropped, as the UPDATE drops them.
constexpr std::string_view kAddLinkTraffic = R"sql(
WITH t AS (
  SELECT message_id, SUM(downloads) AS downloads, SUM(bytes) AS bytes
  FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS u(message_id, downloads, bytes)
  GROUP BY message_id
), totals AS (
  UPDATE links l SET downloads = l.downloads + t.downloads, bytes_served = l.bytes_served + t.bytes
  FROM t WHERE l.message_id = t.message_id
)
INSERT INTO link_traffic_days (message_id, day, downloads, bytes)
SELECT t.message_id, $4, t.downloads, t.bytes FROM t
WHERE $4 <> '' AND EXISTS (SELECT 1 FROM links l WHERE l.message_id = t.message_id)
ON CONFLICT (day, message_id) DO UPDATE SET
  downloads = link_traffic_days.downloads + EXCLUDED.downloads,
  bytes = link_traffic_days.bytes + EXCLUDED.bytes
)sql";

constexpr std::string_view kTopLinksSince =
    "JOIN (SELECT message_id, SUM(downloads) AS d, SUM(bytes) AS b FROM link_traffic_days "
    "WHERE day >= $1 GROUP BY message_id) t ON t.message_id = l.message_id "
    "ORDER BY t.b DESC, l.message_id LIMIT $2";

// `day` "" adds to the links' totals only.
void add_traffic(PgConnection& db, const std::vector<LinkTraffic>& traffic,
                 const std::string& day) {
  require_valid_traffic(traffic);
  if (traffic.empty()) return;
  std::string ids;
  std::string downloads;
  std::string bytes;
  for (const LinkTraffic& entry : traffic) {
    const char* comma = ids.empty() ? "" : ",";
    ids += comma + std::to_string(entry.message_id);
    downloads += comma + std::to_string(entry.downloads);
    bytes += comma + std::to_string(entry.bytes);
  }
  db.query(kAddLinkTraffic, {"{" + ids + "}", "{" + downloads + "}", "{" + bytes + "}", day});
}

}  // namespace

void PostgresStore::add_link(const LinkRecord& link) {
  require_valid_link(link);
  db_->query(
      "INSERT INTO links (message_id, user_id, file_name, file_size, created_unix, "
      "expires_unix, downloads, bytes_served) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
      "ON CONFLICT (message_id) DO NOTHING",
      {link.message_id, link.user_id, link.file_name, link.file_size, link.created_unix,
       link.expires_unix, link.downloads, link.bytes_served});
}

std::optional<LinkRecord> PostgresStore::find_link(std::int64_t message_id) {
  return read_first_row(db_->query(select_links("WHERE l.message_id = $1"), {message_id}),
                        read_link<PgRow>);
}

std::vector<LinkRecord> PostgresStore::user_links(std::int64_t user_id, int offset, int limit) {
  require_valid_page(offset, limit);
  return read_rows(db_->query(select_links("WHERE l.user_id = $1 ORDER BY "
                                           "l.created_unix DESC, l.message_id DESC "
                                           "LIMIT $2 OFFSET $3"),
                              {user_id, std::int64_t{limit}, std::int64_t{offset}}),
                   read_link<PgRow>);
}

UserLinkTotals PostgresStore::user_link_totals(std::int64_t user_id) {
  const PgResult result = db_->query(
      "SELECT COUNT(*), COALESCE(SUM(downloads), 0), COALESCE(SUM(bytes_served), 0) "
      "FROM links WHERE user_id = $1",
      {user_id});
  return read_user_link_totals(PgRow(result, 0));
}

// One statement for the whole batch (three arrays unnested side by side, entries for the same
// link summed, as SQLite's one UPDATE per entry would), so a flush is one round trip however
// many links were served; each row still moves by an atomic increment.
void PostgresStore::add_link_traffic(const std::vector<LinkTraffic>& traffic) {
  add_traffic(*db_, traffic, "");
}

void PostgresStore::add_link_traffic_on_day(const std::string& day,
                                            const std::vector<LinkTraffic>& traffic) {
  require_day(day);
  add_traffic(*db_, traffic, day);
}

std::vector<LinkTrafficTotal> PostgresStore::top_links_since(const std::string& first_day,
                                                             int limit) {
  require_day(first_day);
  if (limit <= 0) throw StoreError("top_links_since: limit must be positive");
  return read_rows(
      db_->query(select_links(kTopLinksSince, ", t.d, t.b"), {first_day, std::int64_t{limit}}),
      read_link_traffic_total<PgRow>);
}

int PostgresStore::revoke_user_links(std::int64_t user_id, std::int64_t now_unix) {
  // One notification per link revoked, for every node's listener (postgres_revocation_listener).
  const PgResult result = db_->query(
      "WITH revoked AS (INSERT INTO revoked_links (message_id, expires_unix) "
      "SELECT message_id, expires_unix FROM links l WHERE l.user_id = $1 "
      "AND (l.expires_unix = 0 OR l.expires_unix > $2) "
      "ON CONFLICT (message_id) DO NOTHING RETURNING message_id) "
      "SELECT pg_notify('tglink_revocations', message_id::text) FROM revoked",
      {user_id, now_unix});
  revocation_committed(std::nullopt);
  return result.rows();
}

bool PostgresStore::ban_user(const BanRecord& ban) {
  const PgResult result = db_->query(
      "INSERT INTO banned_users (user_id, banned_unix, banned_by) VALUES ($1, $2, $3) "
      "ON CONFLICT (user_id) DO NOTHING",
      {ban.user_id, ban.banned_unix, ban.banned_by});
  return result.affected() == 1;
}

bool PostgresStore::unban_user(std::int64_t user_id) {
  return db_->query("DELETE FROM banned_users WHERE user_id = $1", {user_id}).affected() == 1;
}

std::optional<BanRecord> PostgresStore::find_ban(std::int64_t user_id) {
  return read_first_row(
      db_->query("SELECT user_id, banned_unix, banned_by FROM banned_users WHERE user_id = $1",
                 {user_id}),
      read_ban<PgRow>);
}

std::vector<BanRecord> PostgresStore::list_bans() {
  return read_rows(
      db_->query("SELECT user_id, banned_unix, banned_by FROM banned_users ORDER BY user_id"),
      read_ban<PgRow>);
}

void PostgresStore::save_media_probe(const MediaProbeRecord& probe) {
  db_->query(
      "INSERT INTO media_probes (unique_id, probe_json, ok, probed_unix) VALUES ($1, $2, $3, $4) "
      "ON CONFLICT (unique_id) DO UPDATE SET probe_json = excluded.probe_json, ok = excluded.ok, "
      "probed_unix = excluded.probed_unix",
      {probe.unique_id, probe.probe_json, std::int64_t{probe.ok ? 1 : 0}, probe.probed_unix});
}

std::optional<MediaProbeRecord> PostgresStore::find_media_probe(const std::string& unique_id) {
  return read_first_row(
      db_->query(
          "SELECT unique_id, probe_json, ok, probed_unix FROM media_probes WHERE unique_id = $1",
          {unique_id}),
      read_media_probe<PgRow>);
}

}  // namespace tglink
