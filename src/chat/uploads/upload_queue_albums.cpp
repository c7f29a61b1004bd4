// UploadQueue's albums: the files of one album (a media group, which Telegram delivers as several
// messages) get one reply, sent once the album has been quiet for album_quiet_time and each of
// its files is posted.
#include <algorithm>
#include <utility>

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "chat/chat_events.hpp"
#include "chat/messages/channel_post.hpp"
#include "chat/messages/message_loading.hpp"
#include "chat/uploads/album_reply.hpp"
#include "chat/uploads/upload_queue.hpp"
#include "config/config.hpp"
#include "logging/log.hpp"

namespace tglink {

namespace asio = boost::asio;

void UploadQueue::note_album_file(const PendingUpload& upload) {
  if (upload.album_id == 0 || upload.batch_id != 0) return;
  const AlbumKey key{upload.chat_id, upload.album_id};
  AlbumWait& album = albums_[key];
  album.quiet = false;
  const std::uint64_t arrivals = ++album.arrivals;
  spawn(album_quiet_timer(key, arrivals), "album of user " + std::to_string(upload.user_id));
}

asio::awaitable<void> UploadQueue::album_quiet_timer(AlbumKey key, std::uint64_t arrivals) {
  const std::shared_ptr<bool> alive = alive_;
  asio::steady_timer timer(chat_.executor, options_.album_quiet_time);
  boost::system::error_code ignored;
  co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
  if (!*alive) co_return;
  auto found = albums_.find(key);
  if (found == albums_.end() || found->second.arrivals != arrivals) co_return;  // one came since
  found->second.quiet = true;
  co_await finish_album(key);
}

asio::awaitable<void> UploadQueue::finish_album(AlbumKey key) {
  auto found = albums_.find(key);
  if (found == albums_.end() || !found->second.quiet) co_return;
  std::vector<PendingUpload> files;
  for (const auto& [id, upload] : uploads_) {
    if (upload.chat_id != key.first || upload.album_id != key.second || upload.batch_id != 0) {
      continue;
    }
    if (upload.stage != "posted") co_return;  // the last file to be posted finishes the album
    files.push_back(upload);
  }
  const bool resumed = found->second.resumed;
  albums_.erase(found);  // before the first co_await, so the album gets exactly one reply
  if (files.empty()) co_return;
  std::sort(files.begin(), files.end(), [](const PendingUpload& a, const PendingUpload& b) {
    return a.message_id < b.message_id;
  });
  if (resumed) {
    if (const std::optional<TdError> error = co_await load_chat(chat_.client, key.first)) {
      chat_.log.warning("Chat {}: not loaded for the album reply: {} {}", key.first, error->code,
                        error->message);
    }
  }
  const std::optional<SystemTime> expires_at = link_expiry_from(chat_, chat_.clock.now());
  std::vector<MadeLink> links;
  for (const PendingUpload& upload : files) {
    co_await store_link(link_record_of(upload, expires_at, chat_.clock.now()));
    links.push_back(
        made_link(chat_, file_message_of(upload).file, upload.copy_message_id, expires_at));
  }
  Reply reply =
      album_reply(chat_.config, links,
                  is_channel_chat(key.first) ? AlbumReader::kChannel : AlbumReader::kSender);
  // Every video first, so a subtitle finds the video of its own album.
  for (const PendingUpload& upload : files) co_await remember_video(upload);
  for (const PendingUpload& upload : files) {
    if (const std::optional<SubtitleNote> note = co_await attach_subtitle(upload)) {
      append_subtitle_note(reply.text, *note);
    }
  }
  chat_.log.info("User {}: album of {} files answered", files.front().user_id, files.size());
  // Confirmed before the rows go, as finish() does: a kill must not lose a reply TDLib held.
  const std::shared_ptr<bool> alive = alive_;
  (void)co_await album_reply_confirmed(key.first, files.front().message_id, std::move(reply));
  if (!*alive) co_return;  // stopped meanwhile: the rows stay, and the next start replies
  for (const PendingUpload& upload : files) {
    if (is_channel_chat(upload.chat_id)) co_await record_channel_post(upload, expires_at, false);
    co_await count_link(upload.user_id, chat_.clock.now());
    if (chat_.events != nullptr) chat_.events->link_made();
    co_await forget(upload.id);
  }
}

asio::awaitable<bool> UploadQueue::album_reply_confirmed(std::int64_t chat_id,
                                                         std::int64_t first_message_id,
                                                         Reply reply) {
  if (!is_channel_chat(chat_id)) co_return co_await reply_confirmed(chat_id, std::move(reply));
  co_return co_await channel_links_.reply_under(chat_id, first_message_id, std::move(reply));
}

}  // namespace tglink
