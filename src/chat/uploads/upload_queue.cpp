#include "chat/uploads/upload_queue.hpp"

#include <algorithm>
#include <exception>
#include <map>
#include <utility>

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <fmt/format.h>

#include "chat/access_control.hpp"
#include "chat/chat_events.hpp"
#include "chat/detached_work.hpp"
#include "chat/messages/channel_post.hpp"
#include "chat/messages/message_loading.hpp"
#include "chat/messages/reply.hpp"
#include "chat/uploads/album_reply.hpp"
#include "chat/uploads/split_upload.hpp"
#include "chat/uploads/unconfirmed_copies.hpp"
#include "chat/uploads/upload_limits.hpp"
#include "config/config.hpp"
#include "core/time_format.hpp"
#include "core/unix_time.hpp"
#include "core/user_text.hpp"
#include "logging/log.hpp"
#include "telegram/td_fields.hpp"

namespace tglink {

namespace asio = boost::asio;

namespace {

constexpr std::chrono::steady_clock::duration kNoWait{};

std::chrono::seconds whole_seconds(std::chrono::steady_clock::duration d) {
  return std::chrono::ceil<std::chrono::seconds>(d);
}

}  // namespace

UploadQueue::UploadQueue(const ChatContext& chat, UploadQueueOptions options)
    : chat_(chat),
      options_(options),
      copier_(chat.client, chat.executor, chat.config.log_channel, options.copy_retry),
      user_rate_(chat.config.user_files_per_minute),
      channel_rate_(options.channel_posts_per_minute, ChannelLinks::kSendWindow),
      channel_links_(chat, options.channel_posts_per_minute),
      wake_(chat.executor) {}

UploadQueue::~UploadQueue() { *alive_ = false; }

void UploadQueue::start() { spawn(resume_then_dispatch(), "upload queue"); }

// One coroutine, so the "posting" uploads found are recovered before anything new is posted.
asio::awaitable<void> UploadQueue::resume_then_dispatch() {
  // A follower would answer or re-post the leader's uploads; it loads them when it takes over.
  std::size_t resumed = 0;
  if (chat_.leads()) resumed = co_await load_pending();
  if (resumed > 0) chat_.log.info("Uploads: {} left by the previous run resumed", resumed);
  co_await dispatch();
}

void UploadQueue::reload() {
  turns_ = FairQueue{};
  uploads_.clear();
  unconfirmed_.clear();
  told_late_.clear();
  albums_.clear();
  spawn(load_taken_over(), "uploads taken over");
}

asio::awaitable<void> UploadQueue::load_taken_over() {
  const std::size_t loaded = co_await load_pending();
  if (loaded > 0) chat_.log.info("Uploads: {} pending in the store taken over", loaded);
  wake();
}

asio::awaitable<std::size_t> UploadQueue::load_pending() {
  std::vector<PendingUpload> pending;
  co_await chat_.on_store([&](Store& store) { pending = store.pending_uploads(); });
  std::size_t loaded = 0;
  for (PendingUpload& upload : pending) {
    const std::int64_t id = upload.id;
    if (uploads_.contains(id)) continue;  // accepted while the store was read
    const bool in_album = upload.album_id != 0 && upload.batch_id == 0;
    if (in_album) {
      // The previous process saw the album's last file long ago.
      AlbumWait& album = albums_[AlbumKey{upload.chat_id, upload.album_id}];
      album.quiet = true;
      album.resumed = true;
    }
    if (upload.stage == "posted") {
      uploads_[id] = upload;
      if (!in_album) {
        spawn(finish_resumed(std::move(upload)), "link reply for upload " + std::to_string(id));
      }
    } else if (upload.stage == "held") {
      uploads_[id] = std::move(upload);
    } else if (upload.stage == "posting") {
      unconfirmed_.push_back(id);
      uploads_[id] = std::move(upload);
    } else {
      if (upload.stage != "queued") co_await save(upload, "queued");
      turns_.push(upload.user_id, id);
      uploads_[id] = std::move(upload);
    }
    ++loaded;
  }
  for (const auto& [key, album] : albums_) spawn(finish_album(key), "album reply");
  co_return loaded;
}

void UploadQueue::report_refusal(std::string_view reason) const {
  if (chat_.events != nullptr) chat_.events->upload_refused(reason);
}

asio::awaitable<void> UploadQueue::accept(FileMessage file) {
  const SystemTime now = chat_.clock.now();
  const bool channel = is_channel_chat(file.chat_id);
  // A channel post charged to its sponsor never joins the sponsor's private /batch.
  if (!channel) file.batch_id = co_await open_batch_of(file.user_id);
  std::optional<UploadRefusal> refused;
  co_await chat_.on_store([&](Store& store) {
    refused = find_upload_refusal(chat_.config, store, file.file, file.user_id, now);
  });
  if (refused) {
    report_refusal(refused->reason);
    co_await answer(file.chat_id, std::move(refused->reply));
    co_return;
  }
  const std::size_t waiting = turns_.count(file.user_id);
  const auto flood_wait = user_rate_.estimate(file.user_id, chat_.clock.steady_now(), waiting);
  // Over the flood limit a file waits for its turn. A channel cannot send a post again, so its
  // posts may wait in a longer line before they are refused.
  const std::size_t max_waiting =
      channel ? options_.max_queued_per_channel : options_.max_queued_per_user;
  if (flood_wait > kNoWait && waiting >= max_waiting) {
    report_refusal(refusal_reason::kQueueFull);
    Reply full = rate_limited_reply(user_rate_.per_minute(), flood_wait, false);
    co_await answer(file.chat_id, std::move(full));
    co_return;
  }
  PendingUpload upload = pending_upload_of(file, "queued", now);
  upload.id = co_await add_row(upload);
  if (upload.id == 0) co_return;  // this message is already an upload
  uploads_[upload.id] = upload;
  note_album_file(upload);
  std::optional<Reply> notice = line_up(upload);
  // A channel's readers are not told that Telegram is slow.
  if (notice && !is_channel_chat(upload.chat_id)) {
    co_await chat_.reply(upload.chat_id, std::move(*notice));
  }
}

asio::awaitable<bool> UploadQueue::hold(const FileMessage& file) {
  if (held_count(file.user_id) >= options_.max_held_per_user) co_return false;
  FileMessage held = file;
  held.batch_id = co_await open_batch_of(file.user_id);
  PendingUpload upload = pending_upload_of(held, "held", chat_.clock.now());
  upload.id = co_await add_row(upload);
  if (upload.id == 0) co_return true;
  uploads_[upload.id] = upload;
  note_album_file(upload);
  co_return true;
}

asio::awaitable<std::size_t> UploadQueue::release(std::int64_t user_id) {
  std::vector<std::int64_t> held;
  for (const auto& [id, upload] : uploads_) {
    if (upload.user_id == user_id && upload.stage == "held") held.push_back(id);
  }
  // All in line before the first await, so a second press finds nothing left to release; the
  // rows are written after, in one go.
  std::optional<Reply> notice;
  std::vector<PendingUpload> rows;
  for (const std::int64_t id : held) {
    PendingUpload& upload = uploads_.at(id);
    upload.stage = "queued";
    rows.push_back(upload);
    if (std::optional<Reply> told = line_up(upload)) notice = std::move(told);
  }
  co_await chat_.on_store([&rows](Store& store) {
    for (const PendingUpload& row : rows) store.update_pending_upload(row);
  });
  if (notice) co_await chat_.reply(user_id, std::move(*notice));  // the longest wait
  co_return held.size();
}

std::optional<Reply> UploadQueue::line_up(const PendingUpload& upload) {
  const SteadyTime now = chat_.clock.steady_now();
  const std::size_t own = turns_.count(upload.user_id);
  const auto flood_wait = user_rate_.estimate(upload.user_id, now, own);
  const auto channel_wait =
      channel_rate_.estimate(chat_.config.log_channel, now, turns_.ahead_of_new(upload.user_id));
  turns_.push(upload.user_id, upload.id);
  wake();
  if (flood_wait > kNoWait) {
    told_late_.insert(upload.id);
    return rate_limited_reply(user_rate_.per_minute(), flood_wait, true);
  }
  if (channel_wait >= options_.late_notice_after) {
    told_late_.insert(upload.id);
    return late_link_reply(whole_seconds(channel_wait));
  }
  return std::nullopt;
}

asio::awaitable<void> UploadQueue::dispatch() {
  const std::shared_ptr<bool> alive = alive_;
  while (*alive) {
    // Before anything else is posted (see the header); only the leader owns the rows.
    if (chat_.leads() && !unconfirmed_.empty()) co_await recover_unconfirmed();
    const SteadyTime now = chat_.clock.steady_now();
    auto wait = channel_rate_.wait(chat_.config.log_channel, now);
    if (!chat_.leads()) {
      wait = options_.poll_interval;  // another node posts
    } else if (wait == kNoWait) {
      // A channel's turn is also its own budget's: the edit or reply into it.
      auto ready = [&](std::int64_t user) {
        FloodLimiter& rate = is_channel_chat(user) ? channel_rate_ : user_rate_;
        return rate.wait(user, now) == kNoWait;
      };
      if (const std::optional<FairQueue::Entry> next = turns_.pop(ready)) {
        FloodLimiter& rate = is_channel_chat(next->user_id) ? channel_rate_ : user_rate_;
        (void)rate.admit(next->user_id, now);
        (void)channel_rate_.admit(chat_.config.log_channel, now);
        // One copy at a time (see the header).
        try {
          co_await post(next->upload_id);
        } catch (const std::exception& e) {
          chat_.log.error("Uploads: upload {} failed: {}", next->upload_id, e.what());
        }
        // Not wake_: a new upload must not cut the spacing short.
        asio::steady_timer spacing(chat_.executor, options_.copy_spacing);
        boost::system::error_code ignored;
        co_await spacing.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
        continue;
      }
      wait = options_.poll_interval;
    }
    co_await sleep(std::min<std::chrono::steady_clock::duration>(wait, options_.poll_interval));
  }
}

asio::awaitable<void> UploadQueue::post(std::int64_t upload_id) {
  PendingUpload upload = uploads_.at(upload_id);
  const FileMessage message = file_message_of(upload);
  if (is_banned(chat_.config, *chat_.bans, upload.user_id)) {
    chat_.log.info("User {} is banned: their queued file {} is dropped", upload.user_id,
                   text_for_log(upload.file_name));
    co_await forget(upload_id);
    co_return;
  }
  const SystemTime now = chat_.clock.now();
  std::optional<UploadRefusal> refused;
  co_await chat_.on_store([&](Store& store) {
    refused = find_upload_refusal(chat_.config, store, message.file, message.user_id, now);
  });
  if (refused) {
    co_await forget(upload_id);
    report_refusal(refused->reason);
    co_await answer(message.chat_id, std::move(refused->reply));
    if (message.album_id != 0) co_await finish_album(AlbumKey{message.chat_id, message.album_id});
    co_return;
  }
  if (upload.copy_message_id != 0) {
    // A re-post (channel mode): LOG_CHANNEL holds this file already.
    co_await save(upload, "posted");
    spawn(finish(std::move(upload)), "links of re-post " + std::to_string(upload_id));
    co_return;
  }
  co_await save(upload, "posting");
  LateCopy late = [this, upload_id](std::chrono::seconds expected) {
    return tell_late(upload_id, expected);
  };
  const CopyResult copied = co_await copier_.copy(message.chat_id, message.message_id, late);
  if (!copied.message_id) {
    chat_.log.warning("User {}: copy into the log channel failed: {} {}", message.user_id,
                      copied.error ? copied.error->code : 0,
                      copied.error ? copied.error->message : std::string());
    co_await forget(upload_id);
    report_refusal(refusal_reason::kCopyFailed);
    co_await answer(message.chat_id, copy_failed_reply(copied));
    if (message.album_id != 0) co_await finish_album(AlbumKey{message.chat_id, message.album_id});
    co_return;
  }
  upload.copy_message_id = *copied.message_id;
  co_await save(upload, "posted");
  spawn(finish(std::move(upload)), "link reply for upload " + std::to_string(upload_id));
}

asio::awaitable<void> UploadQueue::recover_unconfirmed() {
  if (unconfirmed_.empty()) co_return;
  std::vector<UnconfirmedCopy> searched;
  for (const std::int64_t id : unconfirmed_) {
    const PendingUpload& upload = uploads_.at(id);
    searched.push_back(UnconfirmedCopy{id, upload.chat_id, upload.message_id});
  }
  std::int64_t after = 0;
  co_await chat_.on_store([&after](Store& store) { after = store.last_log_channel_post(); });
  const std::map<std::int64_t, std::int64_t> adopted = co_await find_unconfirmed_copies(
      chat_.client, chat_.config.log_channel, after, std::move(searched));
  for (const std::int64_t id : std::exchange(unconfirmed_, {})) {
    if (!uploads_.contains(id)) continue;    // taken over meanwhile (reload)
    PendingUpload upload = uploads_.at(id);  // a copy: the map may change while rows are written
    const auto found = adopted.find(id);
    if (found == adopted.end()) {
      chat_.log.info("Upload {}: no copy in the log channel after message {}; posting it again", id,
                     after);
      co_await save(upload, "queued");
      turns_.push(upload.user_id, id);
      continue;
    }
    chat_.log.info("Upload {}: its unconfirmed copy is log message {}; adopted", id, found->second);
    upload.copy_message_id = found->second;
    co_await save(upload, "posted");
    spawn(finish_resumed(upload), "link reply for upload " + std::to_string(id));
  }
}

asio::awaitable<void> UploadQueue::finish(PendingUpload upload) {
  if (upload.batch_id != 0) {
    co_await finish_in_batch(std::move(upload));
    co_return;
  }
  if (const std::optional<SplitPartName> part = split_part_of(upload)) {
    co_await finish_split_part(std::move(upload), *part);
    co_return;
  }
  if (upload.album_id != 0) {
    co_await finish_album(AlbumKey{upload.chat_id, upload.album_id});
    co_return;
  }
  if (is_channel_chat(upload.chat_id)) {
    co_await finish_channel_post(std::move(upload));
    co_return;
  }
  const FileMessage message = file_message_of(upload);
  const std::string owner = fmt::format("User {}", upload.user_id);
  const SystemTime now = chat_.clock.now();
  const std::optional<SystemTime> expires_at = co_await record_copy(upload, owner, now);
  Reply made = made_link_reply(chat_, message.file, upload.copy_message_id, expires_at);
  co_await remember_video(upload);
  if (const std::optional<SubtitleNote> note = co_await attach_subtitle(upload)) {
    append_subtitle_note(made.text, *note);
  }
  const std::shared_ptr<bool> alive = alive_;
  (void)co_await reply_confirmed(upload.chat_id, std::move(made));
  if (!*alive) co_return;  // stopped meanwhile: the row stays, and the next start replies
  co_await count_link(upload.user_id, now);
  if (chat_.events != nullptr) chat_.events->link_made();
  co_await forget(upload.id);
}

asio::awaitable<bool> UploadQueue::reply_confirmed(std::int64_t chat_id, Reply reply) {
  for (const Reply& message : split_reply(reply)) {
    if (!co_await message_confirmed(chat_id, message)) co_return false;
  }
  co_return true;
}

asio::awaitable<bool> UploadQueue::message_confirmed(std::int64_t chat_id, const Reply& reply) {
  const std::shared_ptr<bool> alive = alive_;
  ReplyWatch& watch = reply_watches_[chat_id];  // std::map: the reference stays valid
  if (!watch.outcomes) {
    watch.outcomes = std::make_unique<SendOutcomes>(chat_.client, chat_.executor, chat_id);
  }
  ++watch.waiting;
  const boost::json::object answer =
      co_await chat_.client.request(send_message_request(chat_id, reply));
  if (!*alive) co_return false;
  std::optional<TdError> error = td_error(answer);
  if (!error && answer.contains("sending_state")) {
    const std::int64_t temporary_id = td_int53(answer, "id").value_or(0);
    const std::optional<SendOutcome> outcome =
        co_await watch.outcomes->wait(temporary_id, SendOutcomes::kForever);
    if (!*alive) co_return false;
    if (outcome) error = outcome->error;
  }
  if (--watch.waiting == 0) reply_watches_.erase(chat_id);
  if (error) {
    chat_.log.warning("Reply to chat {} not sent: {} {}", chat_id, error->code, error->message);
  }
  co_return !error;
}

// After a restart TDLib does not know the user's chat until it is loaded again.
asio::awaitable<void> UploadQueue::finish_resumed(PendingUpload upload) {
  if (const std::optional<TdError> error = co_await load_chat(chat_.client, upload.chat_id)) {
    chat_.log.warning("User {}: chat not loaded for the link reply: {} {}", upload.user_id,
                      error->code, error->message);
  }
  co_await finish(std::move(upload));
}

// A part of a split file: the parts still missing, or the joined file's links
// (chat/uploads/split_upload.hpp); confirmed before the row goes, as finish() does.
asio::awaitable<void> UploadQueue::finish_split_part(PendingUpload upload, SplitPartName part) {
  Reply reply = co_await take_split_part(chat_, upload, part);
  const std::shared_ptr<bool> alive = alive_;
  (void)co_await reply_confirmed(upload.chat_id, std::move(reply));
  if (!*alive) co_return;  // stopped meanwhile: the row stays, and the next start replies
  co_await forget(upload.id);
}

// No reply per file: /done answers with the batch's one link.
asio::awaitable<void> UploadQueue::finish_in_batch(PendingUpload upload) {
  BatchFile file;
  file.batch_id = upload.batch_id;
  file.source_message_id = upload.message_id;
  file.copy_message_id = upload.copy_message_id;
  file.file_kind = upload.file_kind;
  file.file_name = upload.file_name;
  file.mime_type = upload.mime_type;
  file.file_size = upload.file_size;
  co_await chat_.on_store([&file](Store& store) { store.add_batch_file(file); });
  // /mylinks and the traffic counts know the file as a link of its own; its expiry is the
  // batch's, set by /done, so this one is the nearest known now.
  const SystemTime now = chat_.clock.now();
  co_await store_link(link_record_of(upload, link_expiry_from(chat_, now), now));
  co_await remember_video(upload);
  chat_.log.info("User {}: {} ({} bytes) -> log message {}, batch {}", upload.user_id,
                 text_for_log(upload.file_name), upload.file_size, upload.copy_message_id,
                 upload.batch_id);
  co_await count_link(upload.user_id, chat_.clock.now());
  if (chat_.events != nullptr) chat_.events->link_made();
  co_await forget(upload.id);
}

asio::awaitable<std::int64_t> UploadQueue::open_batch_of(std::int64_t user_id) {
  std::optional<BatchRecord> open;
  co_await chat_.on_store([&](Store& store) { open = store.open_batch_of(user_id); });
  co_return open ? open->id : 0;
}

asio::awaitable<std::int64_t> UploadQueue::add_row(const PendingUpload& upload) {
  std::int64_t id = 0;
  co_await chat_.on_store([&](Store& store) { id = store.add_pending_upload(upload); });
  co_return id;
}

asio::awaitable<std::optional<SystemTime>> UploadQueue::record_copy(const PendingUpload& upload,
                                                                    const std::string& owner,
                                                                    SystemTime now) {
  chat_.log.info("{}: {} {} ({} bytes) -> log message {}", owner,
                 to_string(file_message_of(upload).file.kind), text_for_log(upload.file_name),
                 upload.file_size, upload.copy_message_id);
  const std::optional<SystemTime> expires_at = link_expiry_from(chat_, now);
  // Recorded before the reply, so /mylinks lists the link as soon as the user sees it; a second
  // record after a restart changes nothing.
  co_await store_link(link_record_of(upload, expires_at, now));
  co_return expires_at;
}

asio::awaitable<void> UploadQueue::store_link(const LinkRecord& link) {
  co_await chat_.on_store([&link](Store& store) { store.add_link(link); });
}

asio::awaitable<void> UploadQueue::count_link(std::int64_t user_id, SystemTime now) {
  const std::string day = format_day_utc(now);
  co_await chat_.on_store([&](Store& store) { store.record_link(user_id, day); });
}

asio::awaitable<void> UploadQueue::tell_late(std::int64_t upload_id,
                                             std::chrono::seconds expected) {
  auto found = uploads_.find(upload_id);
  if (found == uploads_.end() || is_channel_chat(found->second.chat_id)) co_return;
  if (!told_late_.insert(upload_id).second) co_return;
  co_await chat_.reply(found->second.chat_id, late_link_reply(expected));
}

asio::awaitable<void> UploadQueue::sleep(std::chrono::steady_clock::duration delay) {
  wake_.expires_after(delay);
  boost::system::error_code ignored;
  co_await wake_.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
}

std::size_t UploadQueue::held_count(std::int64_t user_id) const {
  return static_cast<std::size_t>(std::count_if(uploads_.begin(), uploads_.end(), [&](auto& e) {
    return e.second.user_id == user_id && e.second.stage == "held";
  }));
}

asio::awaitable<void> UploadQueue::save(PendingUpload& upload, std::string stage) {
  upload.stage = std::move(stage);
  uploads_[upload.id] = upload;
  const PendingUpload row = upload;
  co_await chat_.on_store([&row](Store& store) { store.update_pending_upload(row); });
}

asio::awaitable<void> UploadQueue::forget(std::int64_t upload_id) {
  uploads_.erase(upload_id);
  told_late_.erase(upload_id);
  co_await chat_.on_store([upload_id](Store& store) { store.delete_pending_upload(upload_id); });
}

// Cuts the dispatcher's sleep short: a new upload may go now.
void UploadQueue::wake() { wake_.cancel(); }

void UploadQueue::spawn(asio::awaitable<void> work, std::string what) {
  spawn_detached(chat_.executor, chat_.log, "Uploads", std::move(work), std::move(what));
}

}  // namespace tglink
