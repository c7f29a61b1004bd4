// SqliteStore: links people made with their traffic, and banned users (schema step 7). These
// calls are rare next to the HTTP side's (a link made, a command, a flush every few seconds), so
// each prepares its statement when called.

#include "store/date_keys.hpp"
#include "store/link_record_checks.hpp"
#include "store/sqlite_handle.hpp"
#include "store/sqlite_store.hpp"

namespace tglink {

namespace {

constexpr std::string_view kLinkColumns =
    "SELECT l.message_id, l.user_id, l.file_name, l.file_size, l.created_unix, l.expires_unix, "
    "l.downloads, l.bytes_served, r.message_id IS NOT NULL";
constexpr std::string_view kLinkTables =
    " FROM links l LEFT JOIN revoked_links r ON r.message_id = l.message_id";

// `more_columns` come after the record's nine (", t.d, t.b"); `rest` may join more tables first.
std::string select_links(std::string_view rest, std::string_view more_columns = "") {
  return std::string(kLinkColumns) + std::string(more_columns) + std::string(kLinkTables) + " " +
         std::string(rest);
}

LinkRecord read_link(const StatementRun& run) {
  LinkRecord link;
  link.message_id = run.int_at(0);
  link.user_id = run.int_at(1);
  link.file_name = run.text_at(2);
  link.file_size = run.int_at(3);
  link.created_unix = run.int_at(4);
  link.expires_unix = run.int_at(5);
  link.downloads = run.int_at(6);
  link.bytes_served = run.int_at(7);
  link.revoked = run.int_at(8) != 0;
  return link;
}

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
    StatementRun(update)
        .bind(1, entry.message_id)
        .bind(2, entry.downloads)
        .bind(3, entry.bytes)
        .finish();
    if (day.empty()) continue;
    StatementRun(per_day)
        .bind(1, entry.message_id)
        .bind(2, entry.downloads)
        .bind(3, entry.bytes)
        .bind(4, day)
        .finish();
  }
  transaction.commit();
}

}  // namespace

void SqliteStore::add_link(const LinkRecord& link) {
  require_valid_link(link);
  SqliteStatement insert(database(),
                         "INSERT INTO links (message_id, user_id, file_name, file_size, "
                         "created_unix, expires_unix, downloads, bytes_served) VALUES (?1, ?2, "
                         "?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (message_id) DO NOTHING");
  StatementRun(insert)
      .bind(1, link.message_id)
      .bind(2, link.user_id)
      .bind(3, link.file_name)
      .bind(4, link.file_size)
      .bind(5, link.created_unix)
      .bind(6, link.expires_unix)
      .bind(7, link.downloads)
      .bind(8, link.bytes_served)
      .finish();
}

std::optional<LinkRecord> SqliteStore::find_link(std::int64_t message_id) {
  SqliteStatement select(database(), select_links("WHERE l.message_id = ?1"));
  StatementRun run(select);
  run.bind(1, message_id);
  if (!run.next_row()) return std::nullopt;
  return read_link(run);
}

std::vector<LinkRecord> SqliteStore::user_links(std::int64_t user_id, int offset, int limit) {
  require_valid_page(offset, limit);
  SqliteStatement select(database(),
                         select_links("WHERE l.user_id = ?1 ORDER BY l.created_unix DESC, "
                                      "l.message_id DESC LIMIT ?2 OFFSET ?3"));
  StatementRun run(select);
  run.bind(1, user_id).bind(2, std::int64_t{limit}).bind(3, std::int64_t{offset});
  std::vector<LinkRecord> links;
  while (run.next_row()) links.push_back(read_link(run));
  return links;
}

UserLinkTotals SqliteStore::user_link_totals(std::int64_t user_id) {
  SqliteStatement select(database(),
                         "SELECT COUNT(*), COALESCE(SUM(downloads), 0), "
                         "COALESCE(SUM(bytes_served), 0) FROM links WHERE user_id = ?1");
  StatementRun run(select);
  run.bind(1, user_id);
  UserLinkTotals totals;
  if (run.next_row()) {
    totals.links = run.int_at(0);
    totals.downloads = run.int_at(1);
    totals.bytes_served = run.int_at(2);
  }
  return totals;
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
  SqliteStatement select(database(), select_links(kTopLinksSince, ", t.d, t.b"));
  StatementRun run(select);
  run.bind(1, first_day).bind(2, std::int64_t{limit});
  std::vector<LinkTrafficTotal> top;
  while (run.next_row())
    top.push_back(LinkTrafficTotal{read_link(run), run.int_at(9), run.int_at(10)});
  return top;
}

int SqliteStore::revoke_user_links(std::int64_t user_id, std::int64_t now_unix) {
  SqliteStatement insert(database(),
                         "INSERT INTO revoked_links (message_id, expires_unix) "
                         "SELECT message_id, expires_unix FROM links l WHERE l.user_id = ?1 "
                         "AND (l.expires_unix = 0 OR l.expires_unix > ?2) AND NOT EXISTS "
                         "(SELECT 1 FROM revoked_links r WHERE r.message_id = l.message_id)");
  StatementRun(insert).bind(1, user_id).bind(2, now_unix).finish();
  const int revoked = static_cast<int>(database().changes());
  if (revoked > 0) revocation_committed(std::nullopt);
  return revoked;
}

bool SqliteStore::ban_user(const BanRecord& ban) {
  SqliteStatement insert(database(),
                         "INSERT INTO banned_users (user_id, banned_unix, banned_by) "
                         "VALUES (?1, ?2, ?3) ON CONFLICT (user_id) DO NOTHING");
  StatementRun(insert)
      .bind(1, ban.user_id)
      .bind(2, ban.banned_unix)
      .bind(3, ban.banned_by)
      .finish();
  return database().changes() == 1;
}

bool SqliteStore::unban_user(std::int64_t user_id) {
  SqliteStatement remove(database(), "DELETE FROM banned_users WHERE user_id = ?1");
  StatementRun(remove).bind(1, user_id).finish();
  return database().changes() == 1;
}

std::optional<BanRecord> SqliteStore::find_ban(std::int64_t user_id) {
  SqliteStatement select(database(),
                         "SELECT user_id, banned_unix, banned_by FROM banned_users "
                         "WHERE user_id = ?1");
  StatementRun run(select);
  run.bind(1, user_id);
  if (!run.next_row()) return std::nullopt;
  return BanRecord{run.int_at(0), run.int_at(1), run.int_at(2)};
}

std::vector<BanRecord> SqliteStore::list_bans() {
  SqliteStatement select(database(),
                         "SELECT user_id, banned_unix, banned_by FROM banned_users "
                         "ORDER BY user_id");
  StatementRun run(select);
  std::vector<BanRecord> bans;
  while (run.next_row()) bans.push_back(BanRecord{run.int_at(0), run.int_at(1), run.int_at(2)});
  return bans;
}

void SqliteStore::save_media_probe(const MediaProbeRecord& probe) {
  SqliteStatement upsert(database(),
                         "INSERT INTO media_probes (unique_id, probe_json, ok, probed_unix) "
                         "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (unique_id) DO UPDATE SET "
                         "probe_json = excluded.probe_json, ok = excluded.ok, "
                         "probed_unix = excluded.probed_unix");
  StatementRun(upsert)
      .bind(1, probe.unique_id)
      .bind(2, probe.probe_json)
      .bind(3, std::int64_t{probe.ok ? 1 : 0})
      .bind(4, probe.probed_unix)
      .finish();
}

std::optional<MediaProbeRecord> SqliteStore::find_media_probe(const std::string& unique_id) {
  SqliteStatement select(database(),
                         "SELECT unique_id, probe_json, ok, probed_unix FROM media_probes "
                         "WHERE unique_id = ?1");
  StatementRun run(select);
  run.bind(1, unique_id);
  if (!run.next_row()) return std::nullopt;
  return MediaProbeRecord{run.text_at(0), run.text_at(1), run.int_at(2) != 0, run.int_at(3)};
}

}  // namespace tglink
