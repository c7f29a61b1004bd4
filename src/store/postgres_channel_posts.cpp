// PostgresStore: channel posts with links (schema step 12, chat/channel_posts.hpp).

#include "store/postgres_connection.hpp"
#include "store/postgres_store.hpp"

namespace tglink {

namespace {

constexpr std::string_view kColumns =
    "chat_id, message_id, file_unique_id, copy_message_id, file_kind, mime_type, expires_unix, "
    "has_buttons";

std::optional<ChannelPostRecord> first_post(const PgResult& result) {
  if (result.rows() == 0) return std::nullopt;
  ChannelPostRecord post;
  post.chat_id = result.int_at(0, 0);
  post.message_id = result.int_at(0, 1);
  post.file_unique_id = result.text_at(0, 2);
  post.copy_message_id = result.int_at(0, 3);
  post.file_kind = result.text_at(0, 4);
  post.mime_type = result.text_at(0, 5);
  post.expires_unix = result.int_at(0, 6);
  post.has_buttons = result.int_at(0, 7) != 0;
  return post;
}

}  // namespace

void PostgresStore::save_channel_post(const ChannelPostRecord& post) {
  db_->query(
      "INSERT INTO channel_posts (" + std::string(kColumns) +
          ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (chat_id, message_id) DO "
          "UPDATE SET file_unique_id = EXCLUDED.file_unique_id, copy_message_id = "
          "EXCLUDED.copy_message_id, file_kind = EXCLUDED.file_kind, mime_type = "
          "EXCLUDED.mime_type, expires_unix = EXCLUDED.expires_unix, has_buttons = "
          "EXCLUDED.has_buttons",
      {post.chat_id, post.message_id, post.file_unique_id, post.copy_message_id, post.file_kind,
       post.mime_type, post.expires_unix, std::int64_t{post.has_buttons ? 1 : 0}});
}

std::optional<ChannelPostRecord> PostgresStore::find_channel_post(std::int64_t chat_id,
                                                                  std::int64_t message_id) {
  return first_post(db_->query("SELECT " + std::string(kColumns) +
                                   " FROM channel_posts WHERE chat_id = $1 AND message_id = $2",
                               {chat_id, message_id}));
}

std::optional<ChannelPostRecord> PostgresStore::find_channel_copy(
    const std::string& file_unique_id) {
  return first_post(db_->query("SELECT " + std::string(kColumns) +
                                   " FROM channel_posts WHERE file_unique_id = $1 AND "
                                   "copy_message_id <> 0 ORDER BY copy_message_id DESC LIMIT 1",
                               {file_unique_id}));
}

}  // namespace tglink
