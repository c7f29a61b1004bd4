// SqliteStore: subtitles sent beside a video (schema step 16, chat/uploads/subtitle_pairing.hpp).
// Rare calls (one per video or subtitle sent, one per player answer): no statement kept prepared.

#include "store/record_rows.hpp"
#include "store/sqlite_handle.hpp"
#include "store/sqlite_store.hpp"

namespace tglink {

void SqliteStore::record_sent_video(const SentVideo& video) {
  (void)run_statement(database(),
                      "INSERT INTO sent_videos (" + std::string(kSentVideoColumns) +
                          ") VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (chat_id, message_id) "
                          "DO NOTHING",
                      video.chat_id, video.message_id, video.copy_message_id, video.file_name,
                      video.album_id, video.sent_unix);
}

std::optional<SentVideo> SqliteStore::find_sent_video(std::int64_t chat_id,
                                                      std::int64_t message_id) {
  return select_first_row(database(),
                          "SELECT " + std::string(kSentVideoColumns) +
                              " FROM sent_videos WHERE chat_id = ?1 AND message_id = ?2",
                          read_sent_video<StatementRun>, chat_id, message_id);
}

std::vector<SentVideo> SqliteStore::sent_videos_since(std::int64_t chat_id, std::int64_t since_unix,
                                                      int limit) {
  return select_rows(database(),
                     "SELECT " + std::string(kSentVideoColumns) +
                         " FROM sent_videos WHERE chat_id = ?1 AND sent_unix >= ?2 "
                         "ORDER BY sent_unix DESC, message_id DESC LIMIT ?3",
                     read_sent_video<StatementRun>, chat_id, since_unix,
                     static_cast<std::int64_t>(limit));
}

void SqliteStore::attach_subtitle(const VideoSubtitle& subtitle) {
  (void)run_statement(
      database(),
      "INSERT OR REPLACE INTO video_subtitles (" + std::string(kVideoSubtitleColumns) +
          ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
      subtitle.video_message_id, subtitle.subtitle_message_id, subtitle.file_name, subtitle.format,
      subtitle.added_unix, subtitle.text_utf8, subtitle.webvtt, subtitle.subrip);
}

std::vector<VideoSubtitle> SqliteStore::video_subtitles(std::int64_t video_message_id) {
  return select_rows(database(),
                     "SELECT " + std::string(kVideoSubtitleListColumns) +
                         " FROM video_subtitles WHERE video_message_id = ?1 "
                         "ORDER BY added_unix, subtitle_message_id",
                     read_listed_subtitle<StatementRun>, video_message_id);
}

std::optional<VideoSubtitle> SqliteStore::find_video_subtitle(std::int64_t video_message_id,
                                                              std::int64_t index) {
  if (index < 0) return std::nullopt;
  return select_first_row(database(),
                          "SELECT " + std::string(kVideoSubtitleColumns) +
                              " FROM video_subtitles WHERE video_message_id = ?1 "
                              "ORDER BY added_unix, subtitle_message_id LIMIT 1 OFFSET ?2",
                          read_whole_subtitle<StatementRun>, video_message_id, index);
}

}  // namespace tglink
