// PostgresStore: split files joined into one link (schema step 15, store/store.hpp). Only the
// node leading the chat side adds parts; the transaction keeps a split file and its parts whole
// for the nodes that serve it meanwhile.

#include "store/postgres_connection.hpp"
#include "store/postgres_store.hpp"
#include "store/record_rows.hpp"
#include "store/split_file_rows.hpp"

namespace tglink {

namespace {

std::optional<SplitFile> postgres_split_file_where(PgConnection& db, std::string_view where,
                                                   std::int64_t key) {
  std::optional<SplitFile> file =
      read_first_row(db.query("SELECT " + std::string(kSplitFileColumns) + " FROM split_files " +
                                  std::string(where),
                              {key}),
                     read_split_file<PgRow>);
  if (!file) return std::nullopt;
  file->parts = read_rows(db.query("SELECT " + std::string(kSplitPartColumns) +
                                       " FROM split_parts WHERE split_id = $1 ORDER BY number",
                                   {file->id}),
                          read_split_part<PgRow>);
  return file;
}

}  // namespace

SplitFile PostgresStore::add_split_part(std::int64_t user_id, std::int64_t chat_id,
                                        const std::string& name, const SplitPart& part,
                                        std::int64_t now_unix) {
  PgTransaction transaction(*db_);
  const PgResult holding = db_->query(
      "SELECT f.id FROM split_parts p JOIN split_files f ON f.id = p.split_id "
      "WHERE f.user_id = $1 AND p.message_id = $2 LIMIT 1",
      {user_id, part.message_id});
  std::int64_t id = holding.rows() > 0 ? holding.int_at(0, 0) : 0;
  if (id == 0) {
    // The partial unique index keeps one split file of a name awaiting parts per user.
    db_->query(
        "INSERT INTO split_files (user_id, chat_id, name, created_unix) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT DO NOTHING",
        {user_id, chat_id, name, now_unix});
    const PgResult waiting = db_->query(
        "SELECT id FROM split_files WHERE user_id = $1 AND name = $2 AND joined_message_id = 0",
        {user_id, name});
    if (waiting.rows() == 0) throw StoreError("add_split_part: no split file " + name);
    id = waiting.int_at(0, 0);
    db_->query(
        "INSERT INTO split_parts (split_id, number, message_id, file_size) VALUES ($1, $2, $3, "
        "$4) ON CONFLICT (split_id, number) DO UPDATE SET message_id = EXCLUDED.message_id, "
        "file_size = EXCLUDED.file_size",
        {id, static_cast<std::int64_t>(part.number), part.message_id, part.file_size});
  }
  std::optional<SplitFile> file = postgres_split_file_where(*db_, "WHERE id = $1", id);
  transaction.commit();
  if (!file) throw StoreError("add_split_part: split file " + std::to_string(id) + " vanished");
  return std::move(*file);
}

std::vector<SplitFile> PostgresStore::waiting_split_files(std::int64_t user_id) {
  const std::vector<std::int64_t> ids = read_rows(
      db_->query("SELECT id FROM split_files WHERE user_id = $1 AND joined_message_id = 0 "
                 "ORDER BY id",
                 {user_id}),
      read_int<PgRow>);
  std::vector<SplitFile> files;
  for (const std::int64_t id : ids) {
    if (std::optional<SplitFile> file = postgres_split_file_where(*db_, "WHERE id = $1", id)) {
      files.push_back(std::move(*file));
    }
  }
  return files;
}

bool PostgresStore::join_split_file(std::int64_t id, std::int64_t joined_message_id) {
  return db_->query(
                "UPDATE split_files SET joined_message_id = $2 WHERE id = $1 AND "
                "joined_message_id = 0",
                {id, joined_message_id})
             .affected() == 1;
}

std::optional<SplitFile> PostgresStore::find_joined_file(std::int64_t message_id) {
  if (message_id == 0) return std::nullopt;
  return postgres_split_file_where(*db_, "WHERE joined_message_id = $1", message_id);
}

}  // namespace tglink
