#include "store/postgres_store.hpp"

#include "store/date_keys.hpp"
#include "store/link_record_checks.hpp"
#include "store/postgres_migrations.hpp"
#include "store/record_rows.hpp"

namespace tglink {

namespace {

// Every column but id, in kBroadcastColumns order: the INSERT takes them as $1..$9 and the
// UPDATE as $2..$10 after the id.
std::vector<PgParam> broadcast_fields(const BroadcastJob& job) {
  return {job.admin_chat_id,
          job.source_chat_id,
          job.source_message_id,
          job.progress_message_id,
          job.state,
          job.sent,
          job.failed,
          job.blocked,
          job.total};
}

// The three counts of one link, in one statement so they move together (no transaction round
// trips) and a concurrent node's increment is never lost: each is an atomic upsert or update.
constexpr std::string_view kRecordLink = R"sql(
WITH day AS (
  INSERT INTO daily_links (user_id, day, links) VALUES ($1, $2, 1)
  ON CONFLICT (user_id, day) DO UPDATE SET links = daily_links.links + 1
  RETURNING links
), per_user AS (
  UPDATE users SET links_total = users.links_total + 1 WHERE user_id = $1
), overall AS (
  INSERT INTO counters (name, value) VALUES ('links_total', 1)
  ON CONFLICT (name) DO UPDATE SET value = counters.value + 1
)
SELECT links FROM day
)sql";

// A stage change; moving to "posted" also raises the last confirmed LOG_CHANNEL post, in the
// same statement. Answers how many uploads changed (0 or 1).
constexpr std::string_view kUpdatePendingUpload = R"sql(
WITH updated AS (
  UPDATE pending_uploads SET stage = $2, copy_message_id = $3 WHERE id = $1
  RETURNING stage, copy_message_id
), raised AS (
  INSERT INTO counters (name, value)
  SELECT 'last_log_channel_post', copy_message_id FROM updated WHERE stage = 'posted'
  ON CONFLICT (name) DO UPDATE SET value = GREATEST(counters.value, EXCLUDED.value)
)
SELECT COUNT(*) FROM updated
)sql";

// Revoking twice keeps the later expiry; 0 (never expires) outlasts any time. Every node's
// revocation listener hears of it when the statement commits (postgres_revocation_listener.hpp).
constexpr std::string_view kRevokeLink = R"sql(
WITH revoked AS (
  INSERT INTO revoked_links (message_id, expires_unix) VALUES ($1, $2)
  ON CONFLICT (message_id) DO UPDATE SET expires_unix =
    CASE WHEN revoked_links.expires_unix = 0 OR EXCLUDED.expires_unix = 0 THEN 0
         ELSE GREATEST(revoked_links.expires_unix, EXCLUDED.expires_unix) END
  RETURNING message_id
)
SELECT pg_notify('tglink_revocations', message_id::text) FROM revoked
)sql";

}  // namespace

PostgresStore::PostgresStore(const std::string& url, PgConnectionOptions options)
    : db_(std::make_unique<PgConnection>(url, options)) {
  migrate_schema(*db_);
}

PostgresStore::~PostgresStore() = default;

const std::string& PostgresStore::server() const { return db_->server(); }

// --- users ---

bool PostgresStore::upsert_user(const UserRecord& user) {
  const PgResult inserted = db_->query(
      "INSERT INTO users (user_id, first_name, username, first_seen_unix, links_total) "
      "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO NOTHING",
      {user.user_id, user.first_name, user.username, user.first_seen_unix, user.links_total});
  if (inserted.affected() == 1) {
    return true;
  }
  db_->query("UPDATE users SET first_name = $2, username = $3 WHERE user_id = $1",
             {user.user_id, user.first_name, user.username});
  return false;
}

std::optional<UserRecord> PostgresStore::find_user(std::int64_t user_id) {
  const PgResult result = db_->query(
      "SELECT user_id, first_name, username, first_seen_unix, links_total FROM users "
      "WHERE user_id = $1",
      {user_id});
  return read_first_row(result, read_user<PgRow>);
}

std::int64_t PostgresStore::count_users() {
  return db_->query("SELECT COUNT(*) FROM users").int_at(0, 0);
}

std::vector<std::int64_t> PostgresStore::list_user_ids(std::int64_t after_user_id, int limit) {
  if (limit < 0) {
    throw StoreError("list_user_ids: negative limit " + std::to_string(limit));
  }
  return read_rows(
      db_->query("SELECT user_id FROM users WHERE user_id > $1 ORDER BY user_id LIMIT $2",
                 {after_user_id, std::int64_t{limit}}),
      read_int<PgRow>);
}

void PostgresStore::delete_user(std::int64_t user_id) {
  db_->query("DELETE FROM users WHERE user_id = $1", {user_id});
}

// --- links made ---

void PostgresStore::record_link(std::int64_t user_id, const std::string& day) {
  require_day(day);
  db_->query(kRecordLink, {user_id, day});
}

std::int64_t PostgresStore::links_on_day(std::int64_t user_id, const std::string& day) {
  require_day(day);
  const PgResult result =
      db_->query("SELECT links FROM daily_links WHERE user_id = $1 AND day = $2", {user_id, day});
  return read_first_row(result, read_int<PgRow>).value_or(0);
}

std::int64_t PostgresStore::links_total() {
  const PgResult result = db_->query("SELECT value FROM counters WHERE name = 'links_total'");
  return read_first_row(result, read_int<PgRow>).value_or(0);
}

// --- monthly bandwidth ---

std::int64_t PostgresStore::add_bandwidth(const std::string& month, std::int64_t bytes) {
  require_month(month);
  if (bytes < 0) {
    throw StoreError("add_bandwidth: negative byte count " + std::to_string(bytes));
  }
  const PgResult result = db_->query(
      "INSERT INTO monthly_bandwidth (month, bytes) VALUES ($1, $2) ON CONFLICT (month) "
      "DO UPDATE SET bytes = monthly_bandwidth.bytes + EXCLUDED.bytes RETURNING bytes",
      {month, bytes});
  return result.int_at(0, 0);
}

std::int64_t PostgresStore::bandwidth_used(const std::string& month) {
  require_month(month);
  const PgResult result =
      db_->query("SELECT bytes FROM monthly_bandwidth WHERE month = $1", {month});
  return read_first_row(result, read_int<PgRow>).value_or(0);
}

int PostgresStore::delete_bandwidth_before(const std::string& oldest_kept_month) {
  require_month(oldest_kept_month);
  return static_cast<int>(
      db_->query("DELETE FROM monthly_bandwidth WHERE month < $1", {oldest_kept_month}).affected());
}

// --- revoked links ---

void PostgresStore::revoke_link(std::int64_t message_id, std::int64_t expires_unix) {
  if (expires_unix < 0) {
    throw StoreError("revoke_link: negative expiry " + std::to_string(expires_unix));
  }
  db_->query(kRevokeLink, {message_id, expires_unix});
  revocation_committed(message_id);
}

bool PostgresStore::is_revoked(std::int64_t message_id) {
  return db_->query("SELECT 1 FROM revoked_links WHERE message_id = $1", {message_id}).rows() > 0;
}

std::vector<std::int64_t> PostgresStore::revoked_links() {
  return read_rows(db_->query("SELECT message_id FROM revoked_links"), read_int<PgRow>);
}

int PostgresStore::delete_revocations_expired_before(std::int64_t unix_time) {
  return static_cast<int>(
      db_->query("DELETE FROM revoked_links WHERE expires_unix > 0 AND expires_unix < $1",
                 {unix_time})
          .affected());
}

// --- broadcast jobs ---

std::int64_t PostgresStore::create_broadcast(const BroadcastJob& job) {
  return db_
      ->query(
          "INSERT INTO broadcasts (admin_chat_id, source_chat_id, source_message_id, "
          "progress_message_id, state, sent, failed, blocked, total) "
          "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
          broadcast_fields(job))
      .int_at(0, 0);
}

void PostgresStore::update_broadcast(const BroadcastJob& job) {
  std::vector<PgParam> params{job.id};
  for (PgParam& field : broadcast_fields(job)) {
    params.push_back(std::move(field));
  }
  const PgResult result = db_->query(
      "UPDATE broadcasts SET admin_chat_id = $2, source_chat_id = $3, source_message_id = $4, "
      "progress_message_id = $5, state = $6, sent = $7, failed = $8, blocked = $9, total = $10 "
      "WHERE id = $1",
      params);
  if (result.affected() == 0) {
    throw StoreError("update_broadcast: no broadcast job with id " + std::to_string(job.id));
  }
}

std::optional<BroadcastJob> PostgresStore::find_broadcast(std::int64_t id) {
  return read_first_row(db_->query(select_broadcasts("WHERE id = $1"), {id}),
                        read_broadcast<PgRow>);
}

std::vector<BroadcastJob> PostgresStore::unfinished_broadcasts() {
  return read_rows(db_->query(select_broadcasts("WHERE state = 'running' ORDER BY id")),
                   read_broadcast<PgRow>);
}

bool PostgresStore::mark_broadcast_recipient(std::int64_t job_id, std::int64_t user_id,
                                             const std::string& outcome) {
  // One statement: of two nodes marking the same recipient at once, exactly one gets the row.
  return db_->query(
                "INSERT INTO broadcast_recipients (job_id, user_id, outcome) VALUES ($1, $2, $3) "
                "ON CONFLICT (job_id, user_id) DO NOTHING RETURNING 1",
                {job_id, user_id, outcome})
             .rows() == 1;
}

void PostgresStore::set_broadcast_recipient_outcome(std::int64_t job_id, std::int64_t user_id,
                                                    const std::string& outcome) {
  db_->query("UPDATE broadcast_recipients SET outcome = $3 WHERE job_id = $1 AND user_id = $2",
             {job_id, user_id, outcome});
}

std::vector<std::int64_t> PostgresStore::broadcast_recipients_with(std::int64_t job_id,
                                                                   const std::string& outcome) {
  return read_rows(
      db_->query("SELECT user_id FROM broadcast_recipients WHERE job_id = $1 AND outcome = $2 "
                 "ORDER BY user_id",
                 {job_id, outcome}),
      read_int<PgRow>);
}

bool PostgresStore::broadcast_recipient_done(std::int64_t job_id, std::int64_t user_id) {
  return db_->query("SELECT 1 FROM broadcast_recipients WHERE job_id = $1 AND user_id = $2",
                    {job_id, user_id})
             .rows() > 0;
}

// --- uploads not yet answered with a link ---

std::int64_t PostgresStore::add_pending_upload(const PendingUpload& upload) {
  require_upload_stage(upload.stage);
  // One statement: of two deliveries of one message, exactly one gets an id.
  const PgResult result = db_->query(
      "INSERT INTO pending_uploads (user_id, chat_id, message_id, file_kind, file_name, "
      "mime_type, file_size, stage, copy_message_id, received_unix, batch_id, album_id) VALUES "
      "($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) "
      "ON CONFLICT (chat_id, message_id) DO NOTHING RETURNING id",
      {upload.user_id, upload.chat_id, upload.message_id, upload.file_kind, upload.file_name,
       upload.mime_type, upload.file_size, upload.stage, upload.copy_message_id,
       upload.received_unix, upload.batch_id, upload.album_id});
  return result.rows() == 1 ? result.int_at(0, 0) : 0;
}

void PostgresStore::update_pending_upload(const PendingUpload& upload) {
  require_upload_stage(upload.stage);
  // One statement, so the stage and the last confirmed post move together.
  const PgResult result =
      db_->query(kUpdatePendingUpload, {upload.id, upload.stage, upload.copy_message_id});
  if (result.int_at(0, 0) == 0) {
    throw StoreError("update_pending_upload: no pending upload with id " +
                     std::to_string(upload.id));
  }
}

void PostgresStore::delete_pending_upload(std::int64_t id) {
  db_->query("DELETE FROM pending_uploads WHERE id = $1", {id});
}

std::int64_t PostgresStore::last_log_channel_post() {
  const PgResult result =
      db_->query("SELECT value FROM counters WHERE name = 'last_log_channel_post'");
  return read_first_row(result, read_int<PgRow>).value_or(0);
}

std::vector<PendingUpload> PostgresStore::pending_uploads() {
  return read_rows(db_->query("SELECT " + std::string(kPendingUploadColumns) +
                              " FROM pending_uploads ORDER BY id"),
                   read_pending_upload<PgRow>);
}

// --- nodes sharing the store ---

void PostgresStore::record_node(const NodeRecord& node) {
  if (node.node_id.empty()) throw StoreError("record_node: empty node id");
  db_->query(
      "INSERT INTO cluster_nodes (node_id, last_seen_unix, is_leader) VALUES ($1, $2, $3) "
      "ON CONFLICT (node_id) DO UPDATE SET last_seen_unix = EXCLUDED.last_seen_unix, "
      "is_leader = EXCLUDED.is_leader",
      {node.node_id, node.last_seen_unix, std::int64_t{node.leading ? 1 : 0}});
}

std::vector<NodeRecord> PostgresStore::list_nodes() {
  return read_rows(
      db_->query("SELECT node_id, last_seen_unix, is_leader FROM cluster_nodes ORDER BY node_id"),
      read_node<PgRow>);
}

}  // namespace tglink
