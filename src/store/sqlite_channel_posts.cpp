// SqliteStore: channel posts with links (schema step 12, chat/channel_posts.hpp).

#include "store/sqlite_handle.hpp"
#include "store/sqlite_store.hpp"

namespace tglink {

namespace {

constexpr std::string_view kColumns =
    "chat_id, message_id, file_unique_id, copy_message_id, file_kind, mime_type, expires_unix, "
    "has_buttons";

ChannelPostRecord post_at(StatementRun& run) {
  ChannelPostRecord post;
  post.chat_id = run.int_at(0);
  post.message_id = run.int_at(1);
  post.file_unique_id = run.text_at(2);
  post.copy_message_id = run.int_at(3);
  post.file_kind = run.text_at(4);
  post.mime_type = run.text_at(5);
  post.expires_unix = run.int_at(6);
  post.has_buttons = run.int_at(7) != 0;
  return post;
}

}  // namespace

void SqliteStore::save_channel_post(const ChannelPostRecord& post) {
  SqliteStatement upsert(database(), "INSERT OR REPLACE INTO channel_posts (" +
                                         std::string(kColumns) +
                                         ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
  StatementRun(upsert)
      .bind(1, post.chat_id)
      .bind(2, post.message_id)
      .bind(3, post.file_unique_id)
      .bind(4, post.copy_message_id)
      .bind(5, post.file_kind)
      .bind(6, post.mime_type)
      .bind(7, post.expires_unix)
      .bind(8, std::int64_t{post.has_buttons ? 1 : 0})
      .finish();
}

std::optional<ChannelPostRecord> SqliteStore::find_channel_post(std::int64_t chat_id,
                                                                std::int64_t message_id) {
  SqliteStatement select(database(), "SELECT " + std::string(kColumns) +
                                         " FROM channel_posts WHERE chat_id = ?1 AND "
                                         "message_id = ?2");
  StatementRun run(select);
  run.bind(1, chat_id).bind(2, message_id);
  if (!run.next_row()) return std::nullopt;
  return post_at(run);
}

std::optional<ChannelPostRecord> SqliteStore::find_channel_copy(const std::string& file_unique_id) {
  SqliteStatement select(database(), "SELECT " + std::string(kColumns) +
                                         " FROM channel_posts WHERE file_unique_id = ?1 AND "
                                         "copy_message_id <> 0 ORDER BY copy_message_id DESC "
                                         "LIMIT 1");
  StatementRun run(select);
  run.bind(1, file_unique_id);
  if (!run.next_row()) return std::nullopt;
  return post_at(run);
}

}  // namespace tglink
