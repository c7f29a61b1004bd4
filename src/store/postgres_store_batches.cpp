// PostgresStore's batches (store/store.hpp, "batches"): kept apart from postgres_store.cpp, which
// every other table grows.
#include "store/postgres_connection.hpp"
#include "store/postgres_store.hpp"
#include "store/record_rows.hpp"

namespace tglink {

std::int64_t PostgresStore::open_batch(std::int64_t user_id, std::int64_t created_unix) {
  // The partial unique index keeps one open batch per user: of two nodes opening at once, one
  // inserts and both read the same row.
  db_->query(
      "INSERT INTO batches (user_id, state, created_unix) VALUES ($1, 'open', $2) "
      "ON CONFLICT DO NOTHING",
      {user_id, created_unix});
  const std::optional<BatchRecord> open = open_batch_of(user_id);
  if (!open) throw StoreError("open_batch: no open batch for user " + std::to_string(user_id));
  return open->id;
}

std::optional<BatchRecord> PostgresStore::open_batch_of(std::int64_t user_id) {
  return read_first_row(
      db_->query(select_batches("WHERE user_id = $1 AND state = 'open'"), {user_id}),
      read_batch<PgRow>);
}

std::optional<BatchRecord> PostgresStore::find_batch(std::int64_t id) {
  return read_first_row(db_->query(select_batches("WHERE id = $1"), {id}), read_batch<PgRow>);
}

bool PostgresStore::close_batch(std::int64_t id, std::int64_t expires_unix) {
  return db_->query(
                "UPDATE batches SET state = 'closed', expires_unix = $2 "
                "WHERE id = $1 AND state = 'open'",
                {id, expires_unix})
             .affected() == 1;
}

bool PostgresStore::revoke_batch(std::int64_t id) {
  return db_->query("UPDATE batches SET revoked = 1 WHERE id = $1", {id}).affected() == 1;
}

void PostgresStore::add_batch_file(const BatchFile& file) {
  db_->query(
      "INSERT INTO batch_files (batch_id, source_message_id, copy_message_id, file_kind, "
      "file_name, mime_type, file_size) VALUES ($1, $2, $3, $4, $5, $6, $7) "
      "ON CONFLICT (batch_id, source_message_id) DO NOTHING",
      {file.batch_id, file.source_message_id, file.copy_message_id, file.file_kind, file.file_name,
       file.mime_type, file.file_size});
}

std::vector<BatchFile> PostgresStore::batch_files(std::int64_t batch_id) {
  return read_rows(db_->query("SELECT " + std::string(kBatchFileColumns) +
                                  " FROM batch_files WHERE batch_id = $1 ORDER BY "
                                  "source_message_id",
                              {batch_id}),
                   read_batch_file<PgRow>);
}

std::vector<BatchRecord> PostgresStore::user_batches(std::int64_t user_id, int limit) {
  return read_rows(db_->query(select_batches("WHERE user_id = $1 AND state = 'closed' "
                                             "ORDER BY id DESC LIMIT $2"),
                              {user_id, static_cast<std::int64_t>(limit)}),
                   read_batch<PgRow>);
}

}  // namespace tglink
