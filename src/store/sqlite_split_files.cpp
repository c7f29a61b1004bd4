// SqliteStore: split files joined into one link (schema step 15, store/store.hpp).

#include "store/record_rows.hpp"
#include "store/split_file_rows.hpp"
#include "store/sqlite_handle.hpp"
#include "store/sqlite_store.hpp"

namespace tglink {

namespace {

std::optional<SplitFile> sqlite_split_file_where(SqliteDatabase& db, std::string_view where,
                                                 std::int64_t key) {
  SqliteStatement select(
      db, "SELECT " + std::string(kSplitFileColumns) + " FROM split_files " + std::string(where));
  std::optional<SplitFile> file;
  {
    StatementRun run(select);
    run.bind(1, key);
    file = read_first_row(run, read_split_file<StatementRun>);
  }
  if (!file) return std::nullopt;
  SqliteStatement parts(db, "SELECT " + std::string(kSplitPartColumns) +
                                " FROM split_parts WHERE split_id = ?1 ORDER BY number");
  StatementRun run(parts);
  run.bind(1, file->id);
  file->parts = read_rows(run, read_split_part<StatementRun>);
  return file;
}

// The id of the user's split file that holds the copy `message_id`, or 0.
std::int64_t sqlite_split_holding(SqliteDatabase& db, std::int64_t user_id,
                                  std::int64_t message_id) {
  SqliteStatement select(db,
                         "SELECT f.id FROM split_parts p JOIN split_files f ON f.id = p.split_id "
                         "WHERE f.user_id = ?1 AND p.message_id = ?2 LIMIT 1");
  StatementRun run(select);
  run.bind_all(user_id, message_id);
  return run.next_row() ? run.int_at(0) : 0;
}

}  // namespace

SplitFile SqliteStore::add_split_part(std::int64_t user_id, std::int64_t chat_id,
                                      const std::string& name, const SplitPart& part,
                                      std::int64_t now_unix) {
  SqliteDatabase& db = database();
  SqliteTransaction transaction(db);
  std::int64_t id = sqlite_split_holding(db, user_id, part.message_id);
  if (id == 0) {
    // The partial unique index keeps one split file of a name awaiting parts per user.
    SqliteStatement insert(db,
                           "INSERT INTO split_files (user_id, chat_id, name, created_unix) "
                           "VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING");
    StatementRun(insert).bind_all(user_id, chat_id, name, now_unix).finish();
    SqliteStatement waiting(db,
                            "SELECT id FROM split_files WHERE user_id = ?1 AND name = ?2 AND "
                            "joined_message_id = 0");
    StatementRun run(waiting);
    run.bind_all(user_id, name);
    if (!run.next_row()) throw StoreError("add_split_part: no split file " + name);
    id = run.int_at(0);
    SqliteStatement add(db,
                        "INSERT INTO split_parts (split_id, number, message_id, file_size) VALUES "
                        "(?1, ?2, ?3, ?4) ON CONFLICT (split_id, number) DO UPDATE SET "
                        "message_id = excluded.message_id, file_size = excluded.file_size");
    StatementRun(add)
        .bind_all(id, static_cast<std::int64_t>(part.number), part.message_id, part.file_size)
        .finish();
  }
  std::optional<SplitFile> file = sqlite_split_file_where(db, "WHERE id = ?1", id);
  transaction.commit();
  if (!file) throw StoreError("add_split_part: split file " + std::to_string(id) + " vanished");
  return std::move(*file);
}

std::vector<SplitFile> SqliteStore::waiting_split_files(std::int64_t user_id) {
  SqliteDatabase& db = database();
  SqliteStatement select(db,
                         "SELECT id FROM split_files WHERE user_id = ?1 AND joined_message_id = 0 "
                         "ORDER BY id");
  std::vector<std::int64_t> ids;
  {
    StatementRun run(select);
    run.bind(1, user_id);
    ids = read_rows(run, read_int<StatementRun>);
  }
  std::vector<SplitFile> files;
  for (const std::int64_t id : ids) {
    if (std::optional<SplitFile> file = sqlite_split_file_where(db, "WHERE id = ?1", id)) {
      files.push_back(std::move(*file));
    }
  }
  return files;
}

bool SqliteStore::join_split_file(std::int64_t id, std::int64_t joined_message_id) {
  SqliteStatement update(database(),
                         "UPDATE split_files SET joined_message_id = ?2 WHERE id = ?1 AND "
                         "joined_message_id = 0");
  StatementRun(update).bind_all(id, joined_message_id).finish();
  return database().changes() == 1;
}

std::optional<SplitFile> SqliteStore::find_joined_file(std::int64_t message_id) {
  if (message_id == 0) return std::nullopt;
  return sqlite_split_file_where(database(), "WHERE joined_message_id = ?1", message_id);
}

}  // namespace tglink
