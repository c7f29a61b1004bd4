#include "store/migrations.hpp"

#include <array>
#include <string>

#include "store/sqlite_handle.hpp"

namespace tglink {

namespace {

// Version 1: who the users are, what they made, what was served.
constexpr std::string_view kUsersAndCounters = R"sql(
CREATE TABLE users (
  user_id         INTEGER PRIMARY KEY,
  first_name      TEXT    NOT NULL DEFAULT '',
  username        TEXT    NOT NULL DEFAULT '',
  first_seen_unix INTEGER NOT NULL DEFAULT 0,
  links_total     INTEGER NOT NULL DEFAULT 0
);
-- Kept apart from users (no foreign key) so deleting a user who blocked the bot does not reset
-- that user's count for today.
CREATE TABLE daily_links (
  user_id INTEGER NOT NULL,
  day     TEXT    NOT NULL,
  links   INTEGER NOT NULL,
  PRIMARY KEY (user_id, day)
) WITHOUT ROWID;
CREATE TABLE monthly_bandwidth (
  month TEXT    PRIMARY KEY,
  bytes INTEGER NOT NULL
) WITHOUT ROWID;
-- Running totals that survive user deletion; read in O(1) by /info.
CREATE TABLE counters (
  name  TEXT    PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

// Version 2: links an admin revoked before their expiry.
constexpr std::string_view kRevokedLinks = R"sql(
CREATE TABLE revoked_links (
  message_id   INTEGER PRIMARY KEY,
  expires_unix INTEGER NOT NULL
);
CREATE INDEX revoked_links_by_expiry ON revoked_links (expires_unix) WHERE expires_unix > 0;
)sql";

// Version 3: /broadcast jobs and who has already been reached, so a resumed job never repeats.
constexpr std::string_view kBroadcasts = R"sql(
CREATE TABLE broadcasts (
  id                  INTEGER PRIMARY KEY AUTOINCREMENT,
  admin_chat_id       INTEGER NOT NULL,
  source_chat_id      INTEGER NOT NULL,
  source_message_id   INTEGER NOT NULL,
  progress_message_id INTEGER NOT NULL DEFAULT 0,
  state               TEXT    NOT NULL,
  sent                INTEGER NOT NULL DEFAULT 0,
  failed              INTEGER NOT NULL DEFAULT 0,
  blocked             INTEGER NOT NULL DEFAULT 0,
  total               INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX broadcasts_by_state ON broadcasts (state);
CREATE TABLE broadcast_recipients (
  job_id  INTEGER NOT NULL REFERENCES broadcasts (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL,
  outcome TEXT    NOT NULL,
  PRIMARY KEY (job_id, user_id)
) WITHOUT ROWID;
)sql";

constexpr std::array<Migration, 3> kMigrations{{
    {1, "users, daily links, monthly bandwidth, counters", kUsersAndCounters},
    {2, "revoked links", kRevokedLinks},
    {3, "broadcast jobs and recipients", kBroadcasts},
}};

void apply_step(SqliteDatabase& db, const Migration& step) {
  SqliteTransaction transaction(db);
  // Read again under the write lock: another process opening the same file may have just
  // applied this step.
  if (db.query_int("PRAGMA user_version") >= step.version) {
    return;
  }
  try {
    db.exec(step.sql);
  } catch (const StoreError& e) {
    throw StoreError("schema step " + std::to_string(step.version) + " (" +
                     std::string(step.description) + ") failed: " + e.what());
  }
  // user_version lives in the database header and is written inside this transaction, so the
  // step and its version number commit together or not at all.
  db.exec("PRAGMA user_version = " + std::to_string(step.version));
  transaction.commit();
}

}  // namespace

std::span<const Migration> schema_migrations() { return kMigrations; }

int latest_schema_version() { return kMigrations.back().version; }

void migrate_schema(SqliteDatabase& db) {
  const std::int64_t current = db.query_int("PRAGMA user_version");
  if (current > latest_schema_version()) {
    throw StoreError(db.path() + ": database schema version " + std::to_string(current) +
                     " is newer than this tglink understands (" +
                     std::to_string(latest_schema_version()) + "); upgrade tglink");
  }
  for (const Migration& step : kMigrations) {
    if (step.version > current) {
      apply_step(db, step);
    }
  }
}

}  // namespace tglink
