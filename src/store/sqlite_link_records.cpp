// SqliteStore: links people made with their traffic, and banned users (schema step 7). These
// calls are rare next to the HTTP side's (a link made, a command, a flush every few seconds), so
// each prepares its statement when called.

#include "store/date_keys.hpp"
#include "store/link_record_checks.hpp"
#include "store/record_rows.hpp"
#include "store/sqlite_handle.hpp"
#include "store/sqlite_store.hpp"

namespace tglink {

namespace {

// `day` "" adds to the links' totals only.
void add_traffic(SqliteDatabase& db, const std::vector<LinkTraffic>& traffic,
                 const std::string& day) {
  require_valid_traffic(traffic);
  if (traffic.empty()) return;
  SqliteTransaction transaction(db);
  SqliteStatement update(db,
                         "UPDATE links SET downloads = downloads + ?2, "
                         "bytes_served = bytes_served + ?3 WHERE message_id = ?1");
  SqliteStatement per_day(db,
                          "INSERT INTO link_traffic_days (message_id, day, downloads, bytes) "
                          "SELECT ?1, ?4, ?2, ?3 WHERE EXISTS (SELECT 1 FROM links WHERE "
                          "message_id = ?1) ON CONFLICT (day, message_id) DO UPDATE SET "
                          "downloads = downloads + excluded.downloads, "
                          "bytes = bytes + excluded.bytes");
  for (const LinkTraffic& entry : traffic) {
    StatementRun(update).bind_all(entry.message_id, entry.downloads, entry.bytes).finish();
    if (day.empty()) continue;
    StatementRun(per_day).bind_all(entry.message_id, entry.downloads, entry.bytes, day).finish();
  }
  transaction.commit();
}

}  // namespace

void SqliteStore::add_link(const LinkRecord& link) {
  require_valid_link(link);
  run_statement(database(),
                "INSERT INTO links (message_id, user_id, file_name, file_size, created_unix, "
                "expires_unix, downloads, bytes_served) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) "
                "ON CONFLICT (message_id) DO NOTHING",
                link.message_id, link.user_id, link.file_name, link.file_size, link.created_unix,
                link.expires_unix, link.downloads, link.bytes_served);
}

std::optional<LinkRecord> SqliteStore::find_link(std::int64_t message_id) {
  return select_first_row(database(), select_links("WHERE l.message_id = ?1"),
                          read_link<StatementRun>, message_id);
}

std::vector<LinkRecord> SqliteStore::user_links(std::int64_t user_id, int offset, int limit) {
  require_valid_page(offset, limit);
  return select_rows(database(),
                     select_links("WHERE l.user_id = ?1 ORDER BY l.created_unix DESC, "
                                  "l.message_id DESC LIMIT ?2 OFFSET ?3"),
                     read_link<StatementRun>, user_id, std::int64_t{limit}, std::int64_t{offset});
}

UserLinkTotals SqliteStore::user_link_totals(std::int64_t user_id) {
  return select_first_row(database(),
                          "SELECT COUNT(*), COALESCE(SUM(downloads), 0), "
                          "COALESCE(SUM(bytes_served), 0) FROM links WHERE user_id = ?1",
                          read_user_link_totals<StatementRun>, user_id)
      .value_or(UserLinkTotals{});
}

void SqliteStore::add_link_traffic(const std::vector<LinkTraffic>& traffic) {
  add_traffic(database(), traffic, "");
}

void SqliteStore::add_link_traffic_on_day(const std::string& day,
                                          const std::vector<LinkTraffic>& traffic) {
  require_day(day);
  add_traffic(database(), traffic, day);
}

constexpr std::string_view kTopLinksSince =
    "JOIN (SELECT message_id, SUM(downloads) AS d, SUM(bytes) AS b FROM link_traffic_days "
    "WHERE day >= ?1 GROUP BY message_id) t ON t.message_id = l.message_id "
    "ORDER BY t.b DESC, l.message_id LIMIT ?2";

std::vector<LinkTrafficTotal> SqliteStore::top_links_since(const std::string& first_day,
                                                           int limit) {
  require_day(first_day);
  if (limit <= 0) throw StoreError("top_links_since: limit must be positive");
  return select_rows(database(), select_links(kTopLinksSince, ", t.d, t.b"),
                     read_link_traffic_total<StatementRun>, first_day, std::int64_t{limit});
}

int SqliteStore::revoke_user_links(std::int64_t user_id, std::int64_t now_unix) {
  const auto revoked = static_cast<int>(
      run_statement(database(),
                    "INSERT INTO revoked_links (message_id, expires_unix) "
                    "SELECT message_id, expires_unix FROM links l WHERE l.user_id = ?1 "
                    "AND (l.expires_unix = 0 OR l.expires_unix > ?2) AND NOT EXISTS "
                    "(SELECT 1 FROM revoked_links r WHERE r.message_id = l.message_id)",
                    user_id, now_unix));
  if (revoked > 0) revocation_committed(std::nullopt);
  return revoked;
}

bool SqliteStore::ban_user(const BanRecord& ban) {
  return run_statement(database(),
                       "INSERT INTO banned_users (user_id, banned_unix, banned_by) "
                       "VALUES (?1, ?2, ?3) ON CONFLICT (user_id) DO NOTHING",
                       ban.user_id, ban.banned_unix, ban.banned_by) == 1;
}

bool SqliteStore::unban_user(std::int64_t user_id) {
  return run_statement(database(), "DELETE FROM banned_users WHERE user_id = ?1", user_id) == 1;
}

std::optional<BanRecord> SqliteStore::find_ban(std::int64_t user_id) {
  return select_first_row(database(),
                          "SELECT user_id, banned_unix, banned_by FROM banned_users "
                          "WHERE user_id = ?1",
                          read_ban<StatementRun>, user_id);
}

std::vector<BanRecord> SqliteStore::list_bans() {
  return select_rows(database(),
                     "SELECT user_id, banned_unix, banned_by FROM banned_users ORDER BY user_id",
                     read_ban<StatementRun>);
}

void SqliteStore::save_media_probe(const MediaProbeRecord& probe) {
  run_statement(database(),
                "INSERT INTO media_probes (unique_id, probe_json, ok, probed_unix) "
                "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (unique_id) DO UPDATE SET "
                "probe_json = excluded.probe_json, ok = excluded.ok, "
                "probed_unix = excluded.probed_unix",
                probe.unique_id, probe.probe_json, std::int64_t{probe.ok ? 1 : 0},
                probe.probed_unix);
}

std::optional<MediaProbeRecord> SqliteStore::find_media_probe(const std::string& unique_id) {
  return select_first_row(database(),
                          "SELECT unique_id, probe_json, ok, probed_unix FROM media_probes "
                          "WHERE unique_id = ?1",
                          read_media_probe<StatementRun>, unique_id);
}

}  // namespace tglink
