#pragma once
// How a result row becomes a record, written once for both stores. The SQL that selects the
// columns is the same text in SQLite and PostgreSQL, so the column order lives here too; a Row is
// SQLite's StatementRun or PostgreSQL's PgRow, each answering int_at(column) and text_at(column).

#include <cstdint>
#include <string>
#include <string_view>

#include "store/store.hpp"

namespace tglink {

inline constexpr std::string_view kBroadcastColumns =
    "id, admin_chat_id, source_chat_id, source_message_id, progress_message_id, state, sent, "
    "failed, blocked, total";

inline std::string select_broadcasts(std::string_view where) {
  return "SELECT " + std::string(kBroadcastColumns) + " FROM broadcasts " + std::string(where);
}

inline constexpr std::string_view kPendingUploadColumns =
    "id, user_id, chat_id, message_id, file_kind, file_name, mime_type, file_size, stage, "
    "copy_message_id, received_unix, batch_id, album_id";

inline constexpr std::string_view kBatchColumns =
    "id, user_id, state, created_unix, expires_unix, revoked";

inline std::string select_batches(std::string_view where) {
  return "SELECT " + std::string(kBatchColumns) + " FROM batches " + std::string(where);
}

inline constexpr std::string_view kBatchFileColumns =
    "batch_id, source_message_id, copy_message_id, file_kind, file_name, mime_type, file_size";

inline constexpr std::string_view kSentVideoColumns =
    "chat_id, message_id, copy_message_id, file_name, album_id, sent_unix";

template <typename Row>
SentVideo read_sent_video(const Row& row) {
  return SentVideo{row.int_at(0),  row.int_at(1), row.int_at(2),
                   row.text_at(3), row.int_at(4), row.int_at(5)};
}

inline constexpr std::string_view kVideoSubtitleColumns =
    "video_message_id, subtitle_message_id, file_name, format, added_unix, text_utf8, webvtt, "
    "subrip";
// The same without the texts (a listing).
inline constexpr std::string_view kVideoSubtitleListColumns =
    "video_message_id, subtitle_message_id, file_name, format, added_unix";

// kVideoSubtitleListColumns, or kVideoSubtitleColumns with the texts.
template <typename Row>
VideoSubtitle read_video_subtitle(const Row& row, bool with_texts) {
  VideoSubtitle subtitle{row.int_at(0), row.int_at(1), row.text_at(2), row.text_at(3), "", "", "",
                         row.int_at(4)};
  if (with_texts) {
    subtitle.text_utf8 = row.text_at(5);
    subtitle.webvtt = row.text_at(6);
    subtitle.subrip = row.text_at(7);
  }
  return subtitle;
}

template <typename Row>
VideoSubtitle read_listed_subtitle(const Row& row) {
  return read_video_subtitle(row, false);
}

template <typename Row>
VideoSubtitle read_whole_subtitle(const Row& row) {
  return read_video_subtitle(row, true);
}

// The first column as an integer: a count, an id, a counter's value.
template <typename Row>
std::int64_t read_int(const Row& row) {
  return row.int_at(0);
}

// "SELECT user_id, first_name, username, first_seen_unix, links_total".
template <typename Row>
UserRecord read_user(const Row& row) {
  return UserRecord{row.int_at(0), row.text_at(1), row.text_at(2), row.int_at(3), row.int_at(4)};
}

template <typename Row>
BroadcastJob read_broadcast(const Row& row) {
  return BroadcastJob{.id = row.int_at(0),
                      .admin_chat_id = row.int_at(1),
                      .source_chat_id = row.int_at(2),
                      .source_message_id = row.int_at(3),
                      .progress_message_id = row.int_at(4),
                      .state = row.text_at(5),
                      .sent = row.int_at(6),
                      .failed = row.int_at(7),
                      .blocked = row.int_at(8),
                      .total = row.int_at(9)};
}

template <typename Row>
PendingUpload read_pending_upload(const Row& row) {
  return PendingUpload{.id = row.int_at(0),
                       .user_id = row.int_at(1),
                       .chat_id = row.int_at(2),
                       .message_id = row.int_at(3),
                       .file_kind = row.text_at(4),
                       .file_name = row.text_at(5),
                       .mime_type = row.text_at(6),
                       .file_size = row.int_at(7),
                       .stage = row.text_at(8),
                       .copy_message_id = row.int_at(9),
                       .received_unix = row.int_at(10),
                       .batch_id = row.int_at(11),
                       .album_id = row.int_at(12)};
}

template <typename Row>
BatchRecord read_batch(const Row& row) {
  return BatchRecord{row.int_at(0), row.int_at(1), row.text_at(2),
                     row.int_at(3), row.int_at(4), row.int_at(5) != 0};
}

template <typename Row>
BatchFile read_batch_file(const Row& row) {
  return BatchFile{row.int_at(0),  row.int_at(1),  row.int_at(2), row.text_at(3),
                   row.text_at(4), row.text_at(5), row.int_at(6)};
}

// A link's record with whether it is revoked, as 0 or 1. `more_columns` come after the record's
// nine (", t.d, t.b"); `rest` may join more tables first.
inline std::string select_links(std::string_view rest, std::string_view more_columns = "") {
  return "SELECT l.message_id, l.user_id, l.file_name, l.file_size, l.created_unix, "
         "l.expires_unix, l.downloads, l.bytes_served, "
         "CASE WHEN r.message_id IS NULL THEN 0 ELSE 1 END" +
         std::string(more_columns) +
         " FROM links l LEFT JOIN revoked_links r ON r.message_id = l.message_id " +
         std::string(rest);
}

// The nine columns each store's select_links names, the last "is it revoked" as 0 or 1.
template <typename Row>
LinkRecord read_link(const Row& row) {
  return LinkRecord{.message_id = row.int_at(0),
                    .user_id = row.int_at(1),
                    .file_name = row.text_at(2),
                    .file_size = row.int_at(3),
                    .created_unix = row.int_at(4),
                    .expires_unix = row.int_at(5),
                    .downloads = row.int_at(6),
                    .bytes_served = row.int_at(7),
                    .revoked = row.int_at(8) != 0};
}

// A link's nine columns followed by its downloads and bytes.
template <typename Row>
LinkTrafficTotal read_link_traffic_total(const Row& row) {
  return LinkTrafficTotal{read_link(row), row.int_at(9), row.int_at(10)};
}

// "SELECT COUNT(*), SUM(downloads), SUM(bytes_served)" of a user's links.
template <typename Row>
UserLinkTotals read_user_link_totals(const Row& row) {
  return UserLinkTotals{row.int_at(0), row.int_at(1), row.int_at(2)};
}

// "SELECT user_id, banned_unix, banned_by".
template <typename Row>
BanRecord read_ban(const Row& row) {
  return BanRecord{row.int_at(0), row.int_at(1), row.int_at(2)};
}

// "SELECT unique_id, probe_json, ok, probed_unix".
template <typename Row>
MediaProbeRecord read_media_probe(const Row& row) {
  return MediaProbeRecord{row.text_at(0), row.text_at(1), row.int_at(2) != 0, row.int_at(3)};
}

// "SELECT node_id, last_seen_unix, is_leader".
template <typename Row>
NodeRecord read_node(const Row& row) {
  return NodeRecord{row.text_at(0), row.int_at(1), row.int_at(2) != 0};
}

// "SELECT node_id, minute_unix, requests, bytes".
template <typename Row>
MinuteTraffic read_minute_traffic(const Row& row) {
  return MinuteTraffic{row.text_at(0), row.int_at(1), row.int_at(2), row.int_at(3)};
}

// "SELECT node_id, reported_unix, report_json".
template <typename Row>
NodeReport read_node_report(const Row& row) {
  return NodeReport{row.text_at(0), row.int_at(1), row.text_at(2)};
}

// "SELECT chat_id, message_id, relayed_unix, query_id, query".
template <typename Row>
RelayedUpdate read_relayed_update(const Row& row) {
  return RelayedUpdate{row.int_at(0), row.int_at(1), row.int_at(2), row.text_at(3), row.text_at(4)};
}

// "SELECT day, count".
template <typename Row>
DayCount read_day_count(const Row& row) {
  return DayCount{row.text_at(0), row.int_at(1)};
}

}  // namespace tglink
