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

// Version 4: uploads not yet answered with a link (held for forced subscription, waiting for the
// flood limit or LOG_CHANNEL's post rate, or posted and not yet answered), so a wait or a crash
// loses no user's file. One row per user message: a message seen twice is one upload.
constexpr std::string_view kPendingUploads = R"sql(
CREATE TABLE pending_uploads (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id         INTEGER NOT NULL,
  chat_id         INTEGER NOT NULL,
  message_id      INTEGER NOT NULL,
  file_kind       TEXT    NOT NULL,
  file_name       TEXT    NOT NULL,
  mime_type       TEXT    NOT NULL DEFAULT '',
  file_size       INTEGER NOT NULL DEFAULT 0,
  stage           TEXT    NOT NULL CHECK (stage IN ('held', 'queued', 'posting', 'posted')),
  copy_message_id INTEGER NOT NULL DEFAULT 0,
  received_unix   INTEGER NOT NULL DEFAULT 0,
  UNIQUE (chat_id, message_id)
);
)sql";

// Version 5: which node leads the chat side when several share a PostgreSQL database
// (cluster/postgres_lease.hpp). A single SQLite node never uses it; it is here so that both
// dialects keep one schema.
constexpr std::string_view kLeaderLease = R"sql(
CREATE TABLE leader_lease (
  name          TEXT    PRIMARY KEY,
  holder        TEXT    NOT NULL,
  expires_at_ms INTEGER NOT NULL,
  term          INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

// Version 6: the nodes sharing the store and when each last reported (the admin's /stats).
constexpr std::string_view kClusterNodes = R"sql(
CREATE TABLE cluster_nodes (
  node_id        TEXT    PRIMARY KEY,
  last_seen_unix INTEGER NOT NULL,
  is_leader      INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
)sql";

// Version 7: every link made, with what it served (downloads, bytes), for /mylinks and the admin
// /stats <user>; and the users admins banned. Links are named by their LOG_CHANNEL copy, which
// every token of the file carries. Links made before this step have no row and are not counted.
constexpr std::string_view kLinksAndBans = R"sql(
CREATE TABLE links (
  message_id   INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL,
  file_name    TEXT    NOT NULL DEFAULT '',
  file_size    INTEGER NOT NULL DEFAULT 0,
  created_unix INTEGER NOT NULL DEFAULT 0,
  expires_unix INTEGER NOT NULL DEFAULT 0,
  downloads    INTEGER NOT NULL DEFAULT 0,
  bytes_served INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX links_by_user ON links (user_id, created_unix, message_id);
CREATE TABLE banned_users (
  user_id     INTEGER PRIMARY KEY,
  banned_unix INTEGER NOT NULL,
  banned_by   INTEGER NOT NULL
);
)sql";

// Version 8: one link for many files. A batch is the
// files a user collects between /batch and /done; an album is the files Telegram delivers as one
// media group. A pending upload remembers which of the two it belongs to, so that after a
// restart its link still joins the batch or the album's one reply.
constexpr std::string_view kBatches = R"sql(
CREATE TABLE batches (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id      INTEGER NOT NULL,
  state        TEXT    NOT NULL CHECK (state IN ('open', 'closed')),
  created_unix INTEGER NOT NULL DEFAULT 0,
  expires_unix INTEGER NOT NULL DEFAULT 0,
  revoked      INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX batches_one_open_per_user ON batches (user_id) WHERE state = 'open';
CREATE TABLE batch_files (
  batch_id          INTEGER NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
  source_message_id INTEGER NOT NULL,
  copy_message_id   INTEGER NOT NULL,
  file_kind         TEXT    NOT NULL,
  file_name         TEXT    NOT NULL,
  mime_type         TEXT    NOT NULL DEFAULT '',
  file_size         INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (batch_id, source_message_id)
) WITHOUT ROWID;
ALTER TABLE pending_uploads ADD COLUMN batch_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE pending_uploads ADD COLUMN album_id INTEGER NOT NULL DEFAULT 0;
)sql";

// The same steps for PostgreSQL. SQLite's INTEGER is 64-bit, so it is BIGINT here; the ids
// SQLite numbers itself (broadcasts, pending uploads) are identity columns BY DEFAULT, so
// `tglink migrate-store` can copy the ids a SQLite database already gave out.
constexpr std::string_view kUsersAndCountersPostgres = R"sql(
CREATE TABLE users (
  user_id         BIGINT PRIMARY KEY,
  first_name      TEXT   NOT NULL DEFAULT '',
  username        TEXT   NOT NULL DEFAULT '',
  first_seen_unix BIGINT NOT NULL DEFAULT 0,
  links_total     BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE daily_links (
  user_id BIGINT NOT NULL,
  day     TEXT   NOT NULL,
  links   BIGINT NOT NULL,
  PRIMARY KEY (user_id, day)
);
CREATE TABLE monthly_bandwidth (
  month TEXT   PRIMARY KEY,
  bytes BIGINT NOT NULL
);
CREATE TABLE counters (
  name  TEXT   PRIMARY KEY,
  value BIGINT NOT NULL
);
)sql";

constexpr std::string_view kRevokedLinksPostgres = R"sql(
CREATE TABLE revoked_links (
  message_id   BIGINT PRIMARY KEY,
  expires_unix BIGINT NOT NULL
);
CREATE INDEX revoked_links_by_expiry ON revoked_links (expires_unix) WHERE expires_unix > 0;
)sql";

constexpr std::string_view kBroadcastsPostgres = R"sql(
CREATE TABLE broadcasts (
  id                  BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  admin_chat_id       BIGINT NOT NULL,
  source_chat_id      BIGINT NOT NULL,
  source_message_id   BIGINT NOT NULL,
  progress_message_id BIGINT NOT NULL DEFAULT 0,
  state               TEXT   NOT NULL,
  sent                BIGINT NOT NULL DEFAULT 0,
  failed              BIGINT NOT NULL DEFAULT 0,
  blocked             BIGINT NOT NULL DEFAULT 0,
  total               BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX broadcasts_by_state ON broadcasts (state);
CREATE TABLE broadcast_recipients (
  job_id  BIGINT NOT NULL REFERENCES broadcasts (id) ON DELETE CASCADE,
  user_id BIGINT NOT NULL,
  outcome TEXT   NOT NULL,
  PRIMARY KEY (job_id, user_id)
);
)sql";

constexpr std::string_view kPendingUploadsPostgres = R"sql(
CREATE TABLE pending_uploads (
  id              BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id         BIGINT NOT NULL,
  chat_id         BIGINT NOT NULL,
  message_id      BIGINT NOT NULL,
  file_kind       TEXT   NOT NULL,
  file_name       TEXT   NOT NULL,
  mime_type       TEXT   NOT NULL DEFAULT '',
  file_size       BIGINT NOT NULL DEFAULT 0,
  stage           TEXT   NOT NULL CHECK (stage IN ('held', 'queued', 'posting', 'posted')),
  copy_message_id BIGINT NOT NULL DEFAULT 0,
  received_unix   BIGINT NOT NULL DEFAULT 0,
  UNIQUE (chat_id, message_id)
);
)sql";

constexpr std::string_view kLeaderLeasePostgres = R"sql(
CREATE TABLE leader_lease (
  name          TEXT   PRIMARY KEY,
  holder        TEXT   NOT NULL,
  expires_at_ms BIGINT NOT NULL,
  term          BIGINT NOT NULL
);
)sql";

constexpr std::string_view kClusterNodesPostgres = R"sql(
CREATE TABLE cluster_nodes (
  node_id        TEXT   PRIMARY KEY,
  last_seen_unix BIGINT NOT NULL,
  is_leader      BIGINT NOT NULL DEFAULT 0
);
)sql";

constexpr std::string_view kLinksAndBansPostgres = R"sql(
CREATE TABLE links (
  message_id   BIGINT PRIMARY KEY,
  user_id      BIGINT NOT NULL,
  file_name    TEXT   NOT NULL DEFAULT '',
  file_size    BIGINT NOT NULL DEFAULT 0,
  created_unix BIGINT NOT NULL DEFAULT 0,
  expires_unix BIGINT NOT NULL DEFAULT 0,
  downloads    BIGINT NOT NULL DEFAULT 0,
  bytes_served BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX links_by_user ON links (user_id, created_unix, message_id);
CREATE TABLE banned_users (
  user_id     BIGINT PRIMARY KEY,
  banned_unix BIGINT NOT NULL,
  banned_by   BIGINT NOT NULL
);
)sql";

constexpr std::string_view kBatchesPostgres = R"sql(
CREATE TABLE batches (
  id           BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id      BIGINT NOT NULL,
  state        TEXT   NOT NULL CHECK (state IN ('open', 'closed')),
  created_unix BIGINT NOT NULL DEFAULT 0,
  expires_unix BIGINT NOT NULL DEFAULT 0,
  revoked      BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX batches_one_open_per_user ON batches (user_id) WHERE state = 'open';
CREATE TABLE batch_files (
  batch_id          BIGINT NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
  source_message_id BIGINT NOT NULL,
  copy_message_id   BIGINT NOT NULL,
  file_kind         TEXT   NOT NULL,
  file_name         TEXT   NOT NULL,
  mime_type         TEXT   NOT NULL DEFAULT '',
  file_size         BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (batch_id, source_message_id)
);
ALTER TABLE pending_uploads ADD COLUMN batch_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE pending_uploads ADD COLUMN album_id BIGINT NOT NULL DEFAULT 0;
)sql";

// Version 9: a follower's session may be the one Telegram gives the bot's updates to; it hands each
// user's message and button press to the leader here (docs/scaling.md). The key makes a second
// relay a no-op.
constexpr std::string_view kRelayedUpdates = R"sql(
CREATE TABLE relayed_updates (
  chat_id      INTEGER NOT NULL,
  message_id   INTEGER NOT NULL,
  query_id     TEXT    NOT NULL DEFAULT '',
  query        TEXT    NOT NULL DEFAULT '',
  relayed_unix INTEGER NOT NULL,
  claimed      INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (chat_id, message_id, query_id)
) WITHOUT ROWID;
CREATE INDEX relayed_updates_by_claim ON relayed_updates (claimed, relayed_unix);
)sql";

constexpr std::string_view kRelayedUpdatesPostgres = R"sql(
CREATE TABLE relayed_updates (
  chat_id      BIGINT NOT NULL,
  message_id   BIGINT NOT NULL,
  query_id     TEXT   NOT NULL DEFAULT '',
  query        TEXT   NOT NULL DEFAULT '',
  relayed_unix BIGINT NOT NULL,
  claimed      BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (chat_id, message_id, query_id)
);
CREATE INDEX relayed_updates_by_claim ON relayed_updates (claimed, relayed_unix);
)sql";

// Version 10: the indexes the retention job (ops/record_retention.hpp) reads expired link records
// and batches by, so finding the few dead rows does not scan the whole table. The same text in
// both dialects.
constexpr std::string_view kRetentionIndexes = R"sql(
CREATE INDEX links_by_expiry ON links (expires_unix) WHERE expires_unix > 0;
CREATE INDEX batches_by_expiry ON batches (expires_unix) WHERE expires_unix > 0;
)sql";

// Version 11: what ffprobe found in each file the player converts (playback/media_probe.hpp),
// keyed by TDLib's remote unique id, so every link to the file and every node reuses one probe.
// The same text in both dialects (BIGINT is SQLite's INTEGER).
constexpr std::string_view kMediaProbes = R"sql(
CREATE TABLE media_probes (
  unique_id   TEXT   PRIMARY KEY,
  probe_json  TEXT   NOT NULL,
  ok          BIGINT NOT NULL DEFAULT 0,
  probed_unix BIGINT NOT NULL DEFAULT 0
);
)sql";

// Version 12: channel posts whose file got links (channel mode), so a
// re-post of the same file (file_unique_id) reuses its log-channel copy and an edited post gets
// its buttons back. Rows go with their channel's links: they hold no user data.
constexpr std::string_view kChannelPosts = R"sql(
CREATE TABLE channel_posts (
  chat_id         INTEGER NOT NULL,
  message_id      INTEGER NOT NULL,
  file_unique_id  TEXT    NOT NULL DEFAULT '',
  copy_message_id INTEGER NOT NULL DEFAULT 0,
  file_kind       TEXT    NOT NULL DEFAULT '',
  mime_type       TEXT    NOT NULL DEFAULT '',
  expires_unix    INTEGER NOT NULL DEFAULT 0,
  has_buttons     INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (chat_id, message_id)
) WITHOUT ROWID;
CREATE INDEX channel_posts_by_file ON channel_posts (file_unique_id, copy_message_id);
)sql";

constexpr std::string_view kChannelPostsPostgres = R"sql(
CREATE TABLE channel_posts (
  chat_id         BIGINT NOT NULL,
  message_id      BIGINT NOT NULL,
  file_unique_id  TEXT   NOT NULL DEFAULT '',
  copy_message_id BIGINT NOT NULL DEFAULT 0,
  file_kind       TEXT   NOT NULL DEFAULT '',
  mime_type       TEXT   NOT NULL DEFAULT '',
  expires_unix    BIGINT NOT NULL DEFAULT 0,
  has_buttons     BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (chat_id, message_id)
);
CREATE INDEX channel_posts_by_file ON channel_posts (file_unique_id, copy_message_id);
)sql";

// Version 13: what the operator's dashboard shows beyond the live figures. Requests and body
// bytes per node and UTC minute, so its 24-hour charts survive a restart and show every node; each
// link's downloads and bytes per UTC day, for the week's top files; and each node's own report
// (bots, streams, cache, conversions) as JSON, so any node's page shows every node. The same text
// in both dialects (BIGINT is SQLite's INTEGER). Old rows go with the hourly retention.
constexpr std::string_view kDashboard = R"sql(
CREATE TABLE minute_traffic (
  node_id     TEXT   NOT NULL,
  minute_unix BIGINT NOT NULL,
  requests    BIGINT NOT NULL DEFAULT 0,
  bytes       BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (node_id, minute_unix)
);
CREATE INDEX minute_traffic_by_minute ON minute_traffic (minute_unix);
CREATE TABLE link_traffic_days (
  message_id BIGINT NOT NULL,
  day        TEXT   NOT NULL,
  downloads  BIGINT NOT NULL DEFAULT 0,
  bytes      BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (day, message_id)
);
CREATE TABLE node_reports (
  node_id       TEXT   PRIMARY KEY,
  reported_unix BIGINT NOT NULL,
  report_json   TEXT   NOT NULL
);
)sql";

// Version 14: a user's batches by user, newest first, read on every request to the user's WebDAV
// folder (dav/dav_folder.hpp). The same text in both dialects.
constexpr std::string_view kBatchesByUser = R"sql(
CREATE INDEX batches_by_user ON batches (user_id, id);
)sql";

// Version 15: files users send cut into parts (NAME.001, NAME.002, ...), joined into one link
// once every part has come (chat/uploads/split_upload.hpp). A user has at most one split file of
// a name awaiting parts; a joined one is found by the message id its link carries. Parts are
// kept by number; their copies in LOG_CHANNEL are the joined file's bytes, in that order.
constexpr std::string_view kSplitFiles = R"sql(
CREATE TABLE split_files (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id           INTEGER NOT NULL,
  chat_id           INTEGER NOT NULL,
  name              TEXT    NOT NULL,
  created_unix      INTEGER NOT NULL DEFAULT 0,
  joined_message_id INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX split_files_waiting ON split_files (user_id, name) WHERE joined_message_id = 0;
CREATE UNIQUE INDEX split_files_joined ON split_files (joined_message_id)
  WHERE joined_message_id <> 0;
CREATE TABLE split_parts (
  split_id   INTEGER NOT NULL REFERENCES split_files (id) ON DELETE CASCADE,
  number     INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  file_size  INTEGER NOT NULL,
  PRIMARY KEY (split_id, number)
) WITHOUT ROWID;
CREATE INDEX split_parts_by_message ON split_parts (message_id);
)sql";

constexpr std::string_view kSplitFilesPostgres = R"sql(
CREATE TABLE split_files (
  id                BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id           BIGINT NOT NULL,
  chat_id           BIGINT NOT NULL,
  name              TEXT   NOT NULL,
  created_unix      BIGINT NOT NULL DEFAULT 0,
  joined_message_id BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX split_files_waiting ON split_files (user_id, name) WHERE joined_message_id = 0;
CREATE UNIQUE INDEX split_files_joined ON split_files (joined_message_id)
  WHERE joined_message_id <> 0;
CREATE TABLE split_parts (
  split_id   BIGINT NOT NULL REFERENCES split_files (id) ON DELETE CASCADE,
  number     BIGINT NOT NULL,
  message_id BIGINT NOT NULL,
  file_size  BIGINT NOT NULL,
  PRIMARY KEY (split_id, number)
);
CREATE INDEX split_parts_by_message ON split_parts (message_id);
)sql";

// Version 16: subtitles sent beside a video (chat/uploads/subtitle_pairing.hpp). The videos users
// sent, by their message (a reply names it) and by time (a subtitle of the same name soon
// after); and each subtitle attached to a video's copy, in UTF-8 and already written as WebVTT
// and SubRip, so the player and /sub/{id}/{k} serve it with no Telegram download and no parsing.
// The same text in both dialects.
constexpr std::string_view kVideoSubtitles = R"sql(
CREATE TABLE sent_videos (
  chat_id         BIGINT NOT NULL,
  message_id      BIGINT NOT NULL,
  copy_message_id BIGINT NOT NULL,
  file_name       TEXT   NOT NULL,
  album_id        BIGINT NOT NULL DEFAULT 0,
  sent_unix       BIGINT NOT NULL,
  PRIMARY KEY (chat_id, message_id)
);
CREATE INDEX sent_videos_by_time ON sent_videos (chat_id, sent_unix);
CREATE TABLE video_subtitles (
  video_message_id    BIGINT NOT NULL,
  subtitle_message_id BIGINT NOT NULL,
  file_name           TEXT   NOT NULL,
  format              TEXT   NOT NULL,
  text_utf8           TEXT   NOT NULL,
  webvtt              TEXT   NOT NULL,
  subrip              TEXT   NOT NULL,
  added_unix          BIGINT NOT NULL,
  PRIMARY KEY (video_message_id, subtitle_message_id)
);
)sql";

constexpr std::array<Migration, 16> kMigrations{{
    {1, "users, daily links, monthly bandwidth, counters", kUsersAndCounters,
     kUsersAndCountersPostgres},
    {2, "revoked links", kRevokedLinks, kRevokedLinksPostgres},
    {3, "broadcast jobs and recipients", kBroadcasts, kBroadcastsPostgres},
    {4, "pending uploads", kPendingUploads, kPendingUploadsPostgres},
    {5, "leader lease", kLeaderLease, kLeaderLeasePostgres},
    {6, "cluster nodes", kClusterNodes, kClusterNodesPostgres},
    {7, "links made and their traffic, banned users", kLinksAndBans, kLinksAndBansPostgres},
    {8, "batches, batch files, pending uploads' batch and album", kBatches, kBatchesPostgres},
    {9, "users' messages and button presses relayed to the leader", kRelayedUpdates,
     kRelayedUpdatesPostgres},
    {10, "indexes for deleting expired link records and batches", kRetentionIndexes,
     kRetentionIndexes},
    {11, "media probes of the player's conversions", kMediaProbes, kMediaProbes},
    {12, "channel posts with links", kChannelPosts, kChannelPostsPostgres},
    {13, "the dashboard's traffic per minute and per link and day, node reports", kDashboard,
     kDashboard},
    {14, "batches by user, for the WebDAV folders", kBatchesByUser, kBatchesByUser},
    {15, "split files joined into one link, and their parts", kSplitFiles, kSplitFilesPostgres},
    {16, "subtitles sent beside a video", kVideoSubtitles, kVideoSubtitles},
}};

void apply_step(SqliteDatabase& db, const Migration& step) {
  SqliteTransaction transaction(db);
  // Read again under the write lock: another process opening the same file may have just
  // applied this step.
  if (db.query_int("PRAGMA user_version") >= step.version) {
    return;
  }
  run_schema_step(db, step, step.sqlite);
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
