#include "store/sqlite_store.hpp"

#include "store/date_keys.hpp"
#include "store/link_record_checks.hpp"
#include "store/migrations.hpp"
#include "store/record_rows.hpp"
#include "store/sqlite_handle.hpp"

namespace tglink {

namespace {

// Every column but id, in kBroadcastColumns order, as parameters first, first + 1, ...: the
// INSERT and the UPDATE take them in the same order.
StatementRun& bind_broadcast_fields(StatementRun& run, int first, const BroadcastJob& job) {
  return run.bind(first, job.admin_chat_id)
      .bind(first + 1, job.source_chat_id)
      .bind(first + 2, job.source_message_id)
      .bind(first + 3, job.progress_message_id)
      .bind(first + 4, job.state)
      .bind(first + 5, job.sent)
      .bind(first + 6, job.failed)
      .bind(first + 7, job.blocked)
      .bind(first + 8, job.total);
}

SqliteDatabase& configure(SqliteDatabase& db, const SqliteStoreOptions& options) {
  db.exec("PRAGMA busy_timeout = " + std::to_string(options.busy_timeout.count()));
  // WAL lets the HTTP side read while the chat side writes; NORMAL sync is durable across
  // process crashes in WAL mode and avoids an fsync per statement. (":memory:" stays "memory".)
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  migrate_schema(db);
  return db;
}

}  // namespace

struct SqliteStore::Impl {
  Impl(const std::string& path, const SqliteStoreOptions& options)
      : db(path), ready(configure(db, options)) {}

  SqliteDatabase db;
  SqliteDatabase& ready;  // db after PRAGMAs and migrations; statements below need the tables

  SqliteStatement insert_user{ready,
                              "INSERT INTO users (user_id, first_name, username, "
                              "first_seen_unix, links_total) VALUES (?1, ?2, ?3, ?4, ?5) "
                              "ON CONFLICT (user_id) DO NOTHING"};
  SqliteStatement rename_user{ready,
                              "UPDATE users SET first_name = ?2, username = ?3 WHERE user_id = ?1"};
  SqliteStatement find_user{ready,
                            "SELECT user_id, first_name, username, first_seen_unix, links_total "
                            "FROM users WHERE user_id = ?1"};
  SqliteStatement count_users{ready, "SELECT COUNT(*) FROM users"};
  SqliteStatement list_user_ids{
      ready, "SELECT user_id FROM users WHERE user_id > ?1 ORDER BY user_id LIMIT ?2"};
  SqliteStatement delete_user{ready, "DELETE FROM users WHERE user_id = ?1"};

  SqliteStatement bump_daily_links{ready,
                                   "INSERT INTO daily_links (user_id, day, links) "
                                   "VALUES (?1, ?2, 1) ON CONFLICT (user_id, day) "
                                   "DO UPDATE SET links = links + 1"};
  SqliteStatement bump_user_links{
      ready, "UPDATE users SET links_total = links_total + 1 WHERE user_id = ?1"};
  SqliteStatement bump_links_total{ready,
                                   "INSERT INTO counters (name, value) VALUES ('links_total', 1) "
                                   "ON CONFLICT (name) DO UPDATE SET value = value + 1"};
  SqliteStatement links_on_day{ready,
                               "SELECT links FROM daily_links WHERE user_id = ?1 AND day = ?2"};
  SqliteStatement links_total{ready, "SELECT value FROM counters WHERE name = 'links_total'"};

  SqliteStatement add_bandwidth{ready,
                                "INSERT INTO monthly_bandwidth (month, bytes) VALUES (?1, ?2) "
                                "ON CONFLICT (month) DO UPDATE SET bytes = bytes + excluded.bytes "
                                "RETURNING bytes"};
  SqliteStatement bandwidth_used{ready, "SELECT bytes FROM monthly_bandwidth WHERE month = ?1"};
  SqliteStatement delete_bandwidth_before{ready, "DELETE FROM monthly_bandwidth WHERE month < ?1"};

  // Revoking twice keeps the later expiry; 0 (never expires) outlasts any time.
  SqliteStatement revoke_link{ready,
                              "INSERT INTO revoked_links (message_id, expires_unix) "
                              "VALUES (?1, ?2) ON CONFLICT (message_id) DO UPDATE SET "
                              "expires_unix = CASE WHEN expires_unix = 0 OR "
                              "excluded.expires_unix = 0 THEN 0 "
                              "ELSE max(expires_unix, excluded.expires_unix) END"};
  SqliteStatement is_revoked{ready, "SELECT 1 FROM revoked_links WHERE message_id = ?1"};
  SqliteStatement delete_revocations{
      ready, "DELETE FROM revoked_links WHERE expires_unix > 0 AND expires_unix < ?1"};

  SqliteStatement create_broadcast{ready,
                                   "INSERT INTO broadcasts (admin_chat_id, source_chat_id, "
                                   "source_message_id, progress_message_id, state, sent, failed, "
                                   "blocked, total) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"};
  SqliteStatement update_broadcast{ready,
                                   "UPDATE broadcasts SET admin_chat_id = ?2, source_chat_id = ?3, "
                                   "source_message_id = ?4, progress_message_id = ?5, state = ?6, "
                                   "sent = ?7, failed = ?8, blocked = ?9, total = ?10 "
                                   "WHERE id = ?1"};
  SqliteStatement find_broadcast{ready, select_broadcasts("WHERE id = ?1")};
  SqliteStatement unfinished_broadcasts{ready,
                                        select_broadcasts("WHERE state = 'running' ORDER BY id")};
  SqliteStatement mark_recipient{ready,
                                 "INSERT INTO broadcast_recipients (job_id, user_id, outcome) "
                                 "VALUES (?1, ?2, ?3) ON CONFLICT (job_id, user_id) DO NOTHING"};
  SqliteStatement set_recipient_outcome{
      ready, "UPDATE broadcast_recipients SET outcome = ?3 WHERE job_id = ?1 AND user_id = ?2"};
  SqliteStatement recipients_with{ready,
                                  "SELECT user_id FROM broadcast_recipients WHERE job_id = ?1 "
                                  "AND outcome = ?2 ORDER BY user_id"};
  SqliteStatement recipient_done{
      ready, "SELECT 1 FROM broadcast_recipients WHERE job_id = ?1 AND user_id = ?2"};

  SqliteStatement add_pending_upload{
      ready,
      "INSERT INTO pending_uploads (user_id, chat_id, message_id, file_kind, file_name, "
      "mime_type, file_size, stage, copy_message_id, received_unix, batch_id, album_id) VALUES "
      "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) "
      "ON CONFLICT (chat_id, message_id) DO NOTHING"};
  SqliteStatement update_pending_upload{
      ready, "UPDATE pending_uploads SET stage = ?2, copy_message_id = ?3 WHERE id = ?1"};
  SqliteStatement delete_pending_upload{ready, "DELETE FROM pending_uploads WHERE id = ?1"};
  SqliteStatement raise_last_log_channel_post{
      ready,
      "INSERT INTO counters (name, value) VALUES ('last_log_channel_post', ?1) "
      "ON CONFLICT (name) DO UPDATE SET value = MAX(value, excluded.value)"};
  SqliteStatement last_log_channel_post{
      ready, "SELECT value FROM counters WHERE name = 'last_log_channel_post'"};
  SqliteStatement pending_uploads{
      ready, "SELECT " + std::string(kPendingUploadColumns) + " FROM pending_uploads ORDER BY id"};

  // The partial unique index keeps one open batch per user; the insert then does nothing.
  SqliteStatement open_batch{ready,
                             "INSERT INTO batches (user_id, state, created_unix) "
                             "VALUES (?1, 'open', ?2) ON CONFLICT DO NOTHING"};
  SqliteStatement open_batch_of{ready, select_batches("WHERE user_id = ?1 AND state = 'open'")};
  SqliteStatement find_batch{ready, select_batches("WHERE id = ?1")};
  SqliteStatement user_batches{
      ready, select_batches("WHERE user_id = ?1 AND state = 'closed' ORDER BY id DESC LIMIT ?2")};
  SqliteStatement close_batch{ready,
                              "UPDATE batches SET state = 'closed', expires_unix = ?2 "
                              "WHERE id = ?1 AND state = 'open'"};
  SqliteStatement revoke_batch{ready, "UPDATE batches SET revoked = 1 WHERE id = ?1"};
  SqliteStatement add_batch_file{
      ready,
      "INSERT INTO batch_files (batch_id, source_message_id, copy_message_id, file_kind, "
      "file_name, mime_type, file_size) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) "
      "ON CONFLICT (batch_id, source_message_id) DO NOTHING"};
  SqliteStatement batch_files{
      ready, "SELECT " + std::string(kBatchFileColumns) +
                 " FROM batch_files WHERE batch_id = ?1 ORDER BY source_message_id"};
  SqliteStatement record_node{ready,
                              "INSERT INTO cluster_nodes (node_id, last_seen_unix, is_leader) "
                              "VALUES (?1, ?2, ?3) ON CONFLICT (node_id) DO UPDATE SET "
                              "last_seen_unix = excluded.last_seen_unix, "
                              "is_leader = excluded.is_leader"};
  SqliteStatement list_nodes{
      ready, "SELECT node_id, last_seen_unix, is_leader FROM cluster_nodes ORDER BY node_id"};
};

SqliteStore::SqliteStore(const std::string& path, SqliteStoreOptions options)
    : impl_(std::make_unique<Impl>(path, options)) {}

SqliteStore::~SqliteStore() = default;

SqliteDatabase& SqliteStore::database() { return impl_->db; }

// --- users ---

bool SqliteStore::upsert_user(const UserRecord& user) {
  {
    StatementRun run(impl_->insert_user);
    run.bind_all(user.user_id, user.first_name, user.username, user.first_seen_unix,
                 user.links_total)
        .finish();
    if (impl_->db.changes() == 1) {
      return true;
    }
  }
  StatementRun run(impl_->rename_user);
  run.bind_all(user.user_id, user.first_name, user.username).finish();
  return false;
}

std::optional<UserRecord> SqliteStore::find_user(std::int64_t user_id) {
  StatementRun run(impl_->find_user);
  run.bind(1, user_id);
  return read_first_row(run, read_user<StatementRun>);
}

std::int64_t SqliteStore::count_users() {
  StatementRun run(impl_->count_users);
  return read_first_row(run, read_int<StatementRun>).value_or(0);
}

std::vector<std::int64_t> SqliteStore::list_user_ids(std::int64_t after_user_id, int limit) {
  if (limit < 0) {
    throw StoreError("list_user_ids: negative limit " + std::to_string(limit));
  }
  StatementRun run(impl_->list_user_ids);
  run.bind_all(after_user_id, std::int64_t{limit});
  return read_rows(run, read_int<StatementRun>);
}

void SqliteStore::delete_user(std::int64_t user_id) {
  StatementRun(impl_->delete_user).bind(1, user_id).finish();
}

// --- links made ---

void SqliteStore::record_link(std::int64_t user_id, const std::string& day) {
  require_day(day);
  SqliteTransaction transaction(impl_->db);
  StatementRun(impl_->bump_daily_links).bind_all(user_id, day).finish();
  StatementRun(impl_->bump_user_links).bind(1, user_id).finish();
  StatementRun(impl_->bump_links_total).finish();
  transaction.commit();
}

std::int64_t SqliteStore::links_on_day(std::int64_t user_id, const std::string& day) {
  require_day(day);
  StatementRun run(impl_->links_on_day);
  run.bind_all(user_id, day);
  return read_first_row(run, read_int<StatementRun>).value_or(0);
}

std::int64_t SqliteStore::links_total() {
  StatementRun run(impl_->links_total);
  return read_first_row(run, read_int<StatementRun>).value_or(0);
}

// --- monthly bandwidth ---

std::int64_t SqliteStore::add_bandwidth(const std::string& month, std::int64_t bytes) {
  require_month(month);
  if (bytes < 0) {
    throw StoreError("add_bandwidth: negative byte count " + std::to_string(bytes));
  }
  StatementRun run(impl_->add_bandwidth);
  run.bind_all(month, bytes);
  if (!run.next_row()) throw StoreError("add_bandwidth: no total returned for " + month);
  const std::int64_t total = run.int_at(0);
  run.finish();
  return total;
}

std::int64_t SqliteStore::bandwidth_used(const std::string& month) {
  require_month(month);
  StatementRun run(impl_->bandwidth_used);
  run.bind(1, month);
  return read_first_row(run, read_int<StatementRun>).value_or(0);
}

int SqliteStore::delete_bandwidth_before(const std::string& oldest_kept_month) {
  require_month(oldest_kept_month);
  StatementRun(impl_->delete_bandwidth_before).bind(1, oldest_kept_month).finish();
  return static_cast<int>(impl_->db.changes());
}

// --- revoked links ---

void SqliteStore::revoke_link(std::int64_t message_id, std::int64_t expires_unix) {
  if (expires_unix < 0) {
    throw StoreError("revoke_link: negative expiry " + std::to_string(expires_unix));
  }
  StatementRun(impl_->revoke_link).bind_all(message_id, expires_unix).finish();
  revocation_committed(message_id);
}

std::vector<std::int64_t> SqliteStore::revoked_links() {
  SqliteStatement select(database(), "SELECT message_id FROM revoked_links");
  StatementRun run(select);
  return read_rows(run, read_int<StatementRun>);
}

bool SqliteStore::is_revoked(std::int64_t message_id) {
  StatementRun run(impl_->is_revoked);
  run.bind(1, message_id);
  return run.next_row();
}

int SqliteStore::delete_revocations_expired_before(std::int64_t unix_time) {
  StatementRun(impl_->delete_revocations).bind(1, unix_time).finish();
  return static_cast<int>(impl_->db.changes());
}

// --- broadcast jobs ---

std::int64_t SqliteStore::create_broadcast(const BroadcastJob& job) {
  StatementRun run(impl_->create_broadcast);
  bind_broadcast_fields(run, 1, job).finish();
  return impl_->db.last_insert_rowid();
}

void SqliteStore::update_broadcast(const BroadcastJob& job) {
  StatementRun run(impl_->update_broadcast);
  bind_broadcast_fields(run.bind(1, job.id), 2, job).finish();
  if (impl_->db.changes() == 0) {
    throw StoreError("update_broadcast: no broadcast job with id " + std::to_string(job.id));
  }
}

std::optional<BroadcastJob> SqliteStore::find_broadcast(std::int64_t id) {
  StatementRun run(impl_->find_broadcast);
  run.bind(1, id);
  return read_first_row(run, read_broadcast<StatementRun>);
}

std::vector<BroadcastJob> SqliteStore::unfinished_broadcasts() {
  StatementRun run(impl_->unfinished_broadcasts);
  return read_rows(run, read_broadcast<StatementRun>);
}

bool SqliteStore::mark_broadcast_recipient(std::int64_t job_id, std::int64_t user_id,
                                           const std::string& outcome) {
  StatementRun(impl_->mark_recipient).bind_all(job_id, user_id, outcome).finish();
  return impl_->db.changes() == 1;
}

void SqliteStore::set_broadcast_recipient_outcome(std::int64_t job_id, std::int64_t user_id,
                                                  const std::string& outcome) {
  StatementRun(impl_->set_recipient_outcome).bind_all(job_id, user_id, outcome).finish();
}

std::vector<std::int64_t> SqliteStore::broadcast_recipients_with(std::int64_t job_id,
                                                                 const std::string& outcome) {
  StatementRun run(impl_->recipients_with);
  run.bind_all(job_id, outcome);
  return read_rows(run, read_int<StatementRun>);
}

bool SqliteStore::broadcast_recipient_done(std::int64_t job_id, std::int64_t user_id) {
  StatementRun run(impl_->recipient_done);
  run.bind_all(job_id, user_id);
  return run.next_row();
}

// --- uploads not yet answered with a link ---

std::int64_t SqliteStore::add_pending_upload(const PendingUpload& upload) {
  require_upload_stage(upload.stage);
  StatementRun(impl_->add_pending_upload)
      .bind_all(upload.user_id, upload.chat_id, upload.message_id, upload.file_kind,
                upload.file_name, upload.mime_type, upload.file_size, upload.stage,
                upload.copy_message_id, upload.received_unix, upload.batch_id, upload.album_id)
      .finish();
  return impl_->db.changes() == 1 ? impl_->db.last_insert_rowid() : 0;
}

void SqliteStore::update_pending_upload(const PendingUpload& upload) {
  require_upload_stage(upload.stage);
  SqliteTransaction transaction(impl_->db);
  StatementRun(impl_->update_pending_upload)
      .bind_all(upload.id, upload.stage, upload.copy_message_id)
      .finish();
  if (impl_->db.changes() == 0) {
    throw StoreError("update_pending_upload: no pending upload with id " +
                     std::to_string(upload.id));
  }
  if (upload.stage == "posted") {
    StatementRun(impl_->raise_last_log_channel_post).bind(1, upload.copy_message_id).finish();
  }
  transaction.commit();
}

void SqliteStore::delete_pending_upload(std::int64_t id) {
  StatementRun(impl_->delete_pending_upload).bind(1, id).finish();
}

std::int64_t SqliteStore::last_log_channel_post() {
  StatementRun run(impl_->last_log_channel_post);
  return read_first_row(run, read_int<StatementRun>).value_or(0);
}

std::vector<PendingUpload> SqliteStore::pending_uploads() {
  StatementRun run(impl_->pending_uploads);
  return read_rows(run, read_pending_upload<StatementRun>);
}

// --- batches ---

std::int64_t SqliteStore::open_batch(std::int64_t user_id, std::int64_t created_unix) {
  StatementRun(impl_->open_batch).bind_all(user_id, created_unix).finish();
  const std::optional<BatchRecord> open = open_batch_of(user_id);
  if (!open) throw StoreError("open_batch: no open batch for user " + std::to_string(user_id));
  return open->id;
}

std::optional<BatchRecord> SqliteStore::open_batch_of(std::int64_t user_id) {
  StatementRun run(impl_->open_batch_of);
  run.bind(1, user_id);
  return read_first_row(run, read_batch<StatementRun>);
}

std::optional<BatchRecord> SqliteStore::find_batch(std::int64_t id) {
  StatementRun run(impl_->find_batch);
  run.bind(1, id);
  return read_first_row(run, read_batch<StatementRun>);
}

bool SqliteStore::close_batch(std::int64_t id, std::int64_t expires_unix) {
  StatementRun(impl_->close_batch).bind_all(id, expires_unix).finish();
  return impl_->db.changes() == 1;
}

bool SqliteStore::revoke_batch(std::int64_t id) {
  StatementRun(impl_->revoke_batch).bind(1, id).finish();
  return impl_->db.changes() == 1;
}

void SqliteStore::add_batch_file(const BatchFile& file) {
  StatementRun(impl_->add_batch_file)
      .bind_all(file.batch_id, file.source_message_id, file.copy_message_id, file.file_kind,
                file.file_name, file.mime_type, file.file_size)
      .finish();
}

std::vector<BatchRecord> SqliteStore::user_batches(std::int64_t user_id, int limit) {
  StatementRun run(impl_->user_batches);
  run.bind_all(user_id, static_cast<std::int64_t>(limit));
  return read_rows(run, read_batch<StatementRun>);
}

std::vector<BatchFile> SqliteStore::batch_files(std::int64_t batch_id) {
  StatementRun run(impl_->batch_files);
  run.bind(1, batch_id);
  return read_rows(run, read_batch_file<StatementRun>);
}

// --- nodes sharing the store ---

void SqliteStore::record_node(const NodeRecord& node) {
  if (node.node_id.empty()) throw StoreError("record_node: empty node id");
  StatementRun(impl_->record_node)
      .bind_all(node.node_id, node.last_seen_unix, std::int64_t{node.leading ? 1 : 0})
      .finish();
}

std::vector<NodeRecord> SqliteStore::list_nodes() {
  StatementRun run(impl_->list_nodes);
  return read_rows(run, read_node<StatementRun>);
}

}  // namespace tglink
