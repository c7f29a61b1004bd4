// UploadQueue's subtitles sent beside a video: every video whose link is made is remembered (for
// subtitles that come after it), and a subtitle file (.srt, .vtt, .ass, .ssa) in a private chat is
// fetched from Telegram (a few KiB, one synchronous downloadFile), checked and made UTF-8
// (subtitles/), paired with its video (chat/uploads/subtitle_pairing.hpp) and attached in the
// store, from where the player and /sub/{id}/{k} serve it. Its own link is made as any file's;
// the reply says which video it went with, or why it did not.
#include <algorithm>
#include <utility>

#include <boost/json/object.hpp>
#include <fmt/format.h>

#include "chat/messages/channel_post.hpp"
#include "chat/messages/message_loading.hpp"
#include "chat/uploads/subtitle_reply.hpp"
#include "chat/uploads/upload_queue.hpp"
#include "config/config.hpp"
#include "core/small_file.hpp"
#include "core/unix_time.hpp"
#include "core/user_text.hpp"
#include "links/link_urls.hpp"
#include "logging/log.hpp"
#include "media/message_file.hpp"
#include "subtitles/subtitle_document.hpp"
#include "subtitles/subtitle_output.hpp"
#include "telegram/td_fields.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {

constexpr std::string_view kUnreadable = "the file could not be read from Telegram; send it again";

// The subtitle's bytes, and the message it replies to in its chat (0 for none).
struct SubtitleFetch {
  std::optional<std::string> bytes;
  std::int64_t reply_to = 0;
  std::string refusal;  // for the user, when there are no bytes
  std::string detail;   // for the log
};

asio::awaitable<SubtitleFetch> fetch_subtitle(TelegramClient& client, std::int64_t chat_id,
                                              std::int64_t message_id) {
  SubtitleFetch fetch;
  fetch.refusal = kUnreadable;
  if (const std::optional<TdError> error = co_await load_message(client, chat_id, message_id)) {
    fetch.detail = fmt::format("message not loaded: {} {}", error->code, error->message);
    co_return fetch;
  }
  const json::object message = co_await client.request(load_message_request(chat_id, message_id));
  if (td_int53(message, "reply_to.chat_id") == chat_id) {
    fetch.reply_to = td_int53(message, "reply_to.message_id").value_or(0);
  }
  const std::optional<LocatedFile> file = file_from_message(message);
  if (!file) {
    fetch.detail = "no file in the message";
    co_return fetch;
  }
  if (file->file.size > kMaxSubtitleBytes) {
    fetch.refusal = fmt::format("it is larger than {} MiB", kMaxSubtitleBytes >> 20);
    co_return fetch;
  }
  json::object download{{"@type", "downloadFile"},
                        {"file_id", file->file_id},
                        {"priority", 1},
                        {"offset", 0},
                        {"limit", 0},
                        {"synchronous", true}};
  const json::object answer = co_await client.request(std::move(download));
  const std::optional<std::string_view> path = td_string(answer, "local.path");
  if (const std::optional<TdError> error = td_error(answer)) {
    fetch.detail = fmt::format("downloadFile failed: {} {}", error->code, error->message);
  } else if (!path || !td_bool(answer, "local.is_downloading_completed").value_or(false)) {
    fetch.detail = "the download did not complete";
  } else {
    fetch.bytes = read_small_file(std::string(*path), kMaxSubtitleBytes);
    if (!fetch.bytes) fetch.detail = "the downloaded file could not be read";
  }
  co_return fetch;
}

// Attaches `row` unless its video has kMaxSubtitlesPerVideo others already; its index among the
// video's subtitles, or nullopt when refused. The same subtitle again (a resumed reply) replaces
// its row.
std::optional<std::size_t> attach_within_bound(Store& store, const VideoSubtitle& row) {
  std::vector<VideoSubtitle> all = store.video_subtitles(row.video_message_id);
  const auto same = [&row](const VideoSubtitle& s) {
    return s.subtitle_message_id == row.subtitle_message_id;
  };
  if (std::none_of(all.begin(), all.end(), same) && all.size() >= kMaxSubtitlesPerVideo) {
    return std::nullopt;
  }
  store.attach_subtitle(row);
  all = store.video_subtitles(row.video_message_id);
  return static_cast<std::size_t>(std::find_if(all.begin(), all.end(), same) - all.begin());
}

SubtitleNote refused(std::string why) {
  SubtitleNote note;
  note.refusal = std::move(why);
  return note;
}

}  // namespace

asio::awaitable<void> UploadQueue::remember_video(const PendingUpload& upload) {
  if (is_channel_chat(upload.chat_id) || !is_video(file_message_of(upload).file)) co_return;
  const SentVideo video{upload.chat_id,   upload.message_id, upload.copy_message_id,
                        upload.file_name, upload.album_id,   unix_seconds(chat_.clock.now())};
  co_await chat_.on_store([&video](Store& store) { store.record_sent_video(video); });
}

asio::awaitable<std::optional<SubtitleNote>> UploadQueue::attach_subtitle(
    const PendingUpload& upload) {
  const std::optional<SubtitleFormat> format = subtitle_format_of(upload.file_name);
  if (!format || is_channel_chat(upload.chat_id)) co_return std::nullopt;
  const SubtitleFetch fetched =
      co_await fetch_subtitle(chat_.client, upload.chat_id, upload.message_id);
  if (!fetched.bytes) {
    if (!fetched.detail.empty()) {
      chat_.log.warning("User {}: subtitles {} not read: {}", upload.user_id,
                        text_for_log(upload.file_name), fetched.detail);
    }
    co_return refused(fetched.refusal);
  }
  SubtitleCheck check = read_subtitle(*format, *fetched.bytes);
  if (!check.document) co_return refused(check.refusal);
  const std::int64_t now = unix_seconds(chat_.clock.now());
  std::optional<SentVideo> replied;
  std::vector<SentVideo> recent;
  co_await chat_.on_store([&](Store& store) {
    if (fetched.reply_to != 0) replied = store.find_sent_video(upload.chat_id, fetched.reply_to);
    recent = store.sent_videos_since(upload.chat_id,
                                     now - std::chrono::seconds(kSubtitlePairingWindow).count(),
                                     kRecentVideosLookedAt);
  });
  const std::optional<SubtitlePairing> pairing =
      pair_subtitle(SubtitleArrival{upload.file_name, upload.album_id}, replied, recent);
  if (!pairing) co_return refused(no_video_refusal());
  const std::vector<SubtitleCue>& cues = check.document->cues;
  const VideoSubtitle row{pairing->video.copy_message_id,
                          upload.copy_message_id,
                          upload.file_name,
                          std::string(to_string(*format)),
                          check.document->utf8,
                          webvtt_of(cues),
                          srt_of(cues),
                          now};
  std::optional<std::size_t> index;
  co_await chat_.on_store([&](Store& store) { index = attach_within_bound(store, row); });
  if (!index) {
    co_return refused(fmt::format("{} has {} subtitles already", pairing->video.file_name,
                                  kMaxSubtitlesPerVideo));
  }
  chat_.log.info("User {}: subtitles {} ({}, {} cues) attached to log message {}", upload.user_id,
                 text_for_log(upload.file_name), encoding_name(check.document->source_encoding),
                 check.document->cues.size(), row.video_message_id);
  const IncomingFile video_file{FileKind::video, pairing->video.file_name, "", 0};
  const MadeLink video_link = made_link(chat_, video_file, pairing->video.copy_message_id,
                                        link_expiry_from(chat_, chat_.clock.now()));
  SubtitleNote note;
  note.attached = true;
  note.video_name = pairing->video.file_name;
  note.by = pairing->by;
  note.subtitle_url = subtitle_url(chat_.config.base_url, video_link.token, *index, "srt");
  note.stream_url = stream_url(chat_.config.base_url, video_link.token);
  co_return note;
}

}  // namespace tglink
