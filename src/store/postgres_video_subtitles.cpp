// PostgresStore: subtitles sent beside a video (schema step 16, chat/uploads/subtitle_pairing.hpp).

#include "store/postgres_connection.hpp"
#include "store/postgres_store.hpp"
#include "store/record_rows.hpp"

namespace tglink {

void PostgresStore::record_sent_video(const SentVideo& video) {
  db_->query("INSERT INTO sent_videos (" + std::string(kSentVideoColumns) +
                 ") VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (chat_id, message_id) DO NOTHING",
             {video.chat_id, video.message_id, video.copy_message_id, video.file_name,
              video.album_id, video.sent_unix});
}

std::optional<SentVideo> PostgresStore::find_sent_video(std::int64_t chat_id,
                                                        std::int64_t message_id) {
  const std::vector<SentVideo> rows =
      read_rows(db_->query("SELECT " + std::string(kSentVideoColumns) +
                               " FROM sent_videos WHERE chat_id = $1 AND message_id = $2",
                           {chat_id, message_id}),
                read_sent_video<PgRow>);
  if (rows.empty()) return std::nullopt;
  return rows.front();
}

std::vector<SentVideo> PostgresStore::sent_videos_since(std::int64_t chat_id,
                                                        std::int64_t since_unix, int limit) {
  return read_rows(db_->query("SELECT " + std::string(kSentVideoColumns) +
                                  " FROM sent_videos WHERE chat_id = $1 AND sent_unix >= $2 "
                                  "ORDER BY sent_unix DESC, message_id DESC LIMIT $3",
                              {chat_id, since_unix, static_cast<std::int64_t>(limit)}),
                   read_sent_video<PgRow>);
}

void PostgresStore::attach_subtitle(const VideoSubtitle& subtitle) {
  db_->query(
      "INSERT INTO video_subtitles (" + std::string(kVideoSubtitleColumns) +
          ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (video_message_id, "
          "subtitle_message_id) DO UPDATE SET file_name = EXCLUDED.file_name, format = "
          "EXCLUDED.format, added_unix = EXCLUDED.added_unix, text_utf8 = "
          "EXCLUDED.text_utf8, webvtt = EXCLUDED.webvtt, subrip = EXCLUDED.subrip",
      {subtitle.video_message_id, subtitle.subtitle_message_id, subtitle.file_name, subtitle.format,
       subtitle.added_unix, subtitle.text_utf8, subtitle.webvtt, subtitle.subrip});
}

std::vector<VideoSubtitle> PostgresStore::video_subtitles(std::int64_t video_message_id) {
  return read_rows(db_->query("SELECT " + std::string(kVideoSubtitleListColumns) +
                                  " FROM video_subtitles WHERE video_message_id = $1 "
                                  "ORDER BY added_unix, subtitle_message_id",
                              {video_message_id}),
                   read_listed_subtitle<PgRow>);
}

std::optional<VideoSubtitle> PostgresStore::find_video_subtitle(std::int64_t video_message_id,
                                                                std::int64_t index) {
  if (index < 0) return std::nullopt;
  const std::vector<VideoSubtitle> rows =
      read_rows(db_->query("SELECT " + std::string(kVideoSubtitleColumns) +
                               " FROM video_subtitles WHERE video_message_id = $1 "
                               "ORDER BY added_unix, subtitle_message_id LIMIT 1 OFFSET $2",
                           {video_message_id, index}),
                read_whole_subtitle<PgRow>);
  if (rows.empty()) return std::nullopt;
  return rows.front();
}

}  // namespace tglink
