#pragma once
// Every upload not yet answered with its link, kept in the Store (PendingUpload) so that no
// wait and no crash loses a user's file, and posted into LOG_CHANNEL exactly once each.
//
//   hold()     forced subscription: "held" until release() ("I've joined"), however long
//   accept()   limits checked, then "queued"; the user is told at once when the link will be
//              late (the flood-limit notice, or "Telegram is slowing us down ...")
//   dispatch   one loop takes the next upload round-robin between users (FairQueue), skipping
//              users at their USER_FILES_PER_MINUTE limit, and never more than Telegram's 20
//              posts a minute into LOG_CHANNEL, so uploads beyond that rate wait instead of
//              being refused
//   post       "posting": limits checked again, copied (LogChannelCopier: the pending copy is
//              waited for, never sent again), "posted" with the copy's id. One copy at a time:
//              the next is requested only once this one is confirmed or has failed (LOG_CHANNEL
//              takes 20 posts a minute anyway), so that a copy unconfirmed at a kill can only be
//              after the last confirmed post
//   finish     the link reply, sent and confirmed (TDLib holds a reply queued while it sits out
//              the private chat's flood wait, and a kill loses what it holds), then the link
//              counted and the row deleted; a file sent while the user's /batch is open joins
//              the batch instead (no reply: /done answers with the batch's link); the files of
//              an album (one media_album_id) get one reply together, once no new file of the
//              album came for album_quiet_time and every one is posted
//
// Nothing is loaded or posted while this node does not lead the chat side (ChatContext::leads):
// the leader owns every row; take_over (reload()) loads them when this node starts to lead.
//
// Channel mode (chat/channel_posts.hpp): a channel's post is an upload whose user is its sponsor
// (or, for a channel listed in CHANNELS, the channel). It waits for its user's flood limit, then
// for LOG_CHANNEL's budget, round-robin with everyone else; its links go on the post
// (chat/uploads/channel_post_links.hpp, where each edit or reply into the channel takes a turn in
// Telegram's 20 a minute there), an album's in one reply under its first post, and refusals go to
// the bot's admins rather than into the channel. A re-post comes with its copy already made.
//
// start() resumes what a previous process left: "queued" goes back into the queue, "posted" gets
// its reply, "held" keeps waiting. A "posting" upload was requested and not confirmed: it may or
// may not have reached Telegram. Before anything else is posted, LOG_CHANNEL is searched after the
// last confirmed post for a copy of its file (chat/uploads/unconfirmed_copies.hpp); one found is
// adopted, otherwise the upload is queued and posted again. A crash after Telegram confirmed the
// link reply and before the row is deleted sends the same link twice: one round trip to the store,
// the alternative being a user who never gets a link.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>

#include "chat/chat_context.hpp"
#include "chat/messages/send_outcomes.hpp"
#include "chat/uploads/channel_post_links.hpp"
#include "chat/uploads/fair_queue.hpp"
#include "chat/uploads/flood_limiter.hpp"
#include "chat/uploads/log_channel_copy.hpp"
#include "chat/uploads/split_part_name.hpp"
#include "chat/uploads/subtitle_reply.hpp"
#include "chat/uploads/upload_flow.hpp"
#include "store/store.hpp"

namespace tglink {

struct UploadQueueOptions {
  CopyRetryPolicy copy_retry;
  std::size_t max_queued_per_user = 5;  // files waiting for the user's flood limit
  // Channel posts waiting for their sponsor's flood limit: a post cannot be sent again.
  std::size_t max_queued_per_channel = 100;
  std::size_t max_held_per_user = 5;  // files waiting for "I've joined"
  // Telegram lets a bot post about 20 messages a minute into one channel.
  int channel_posts_per_minute = 20;
  // Real time between two copies. Telegram takes about 30 messages a second from a bot in all
  // chats (edits too), and each copy is followed by its link reply or channel edit: a burst of
  // 20 copies a few milliseconds apart, each with its edit, went over that. Spaced so, a burst
  // stays near 20 a second; over a minute it costs nothing (LOG_CHANNEL takes 20 a minute).
  std::chrono::milliseconds copy_spacing{100};
  // A link expected later than this is announced with late_link_reply().
  std::chrono::seconds late_notice_after{10};
  // Longest real sleep between two looks at the queue; waits are measured on the Clock, so a
  // test's fake clock decides when a file goes.
  std::chrono::milliseconds poll_interval{1000};
  // TDLib delivers an album's messages one by one, back to back: the album is complete when no
  // new one came for this long.
  std::chrono::milliseconds album_quiet_time{1500};
};

class UploadQueue {
 public:
  UploadQueue(const ChatContext& chat, UploadQueueOptions options);
  ~UploadQueue();
  UploadQueue(const UploadQueue&) = delete;
  UploadQueue& operator=(const UploadQueue&) = delete;

  // Loads what a previous process left and starts posting. Call once, when the bot is ready.
  // The store is read on its executor (ChatContext::on_store), so this returns at once.
  void start();
  // Forgets what is in memory and loads the pending uploads from the store again, as start()
  // does: another node led meanwhile and may have finished or added some.
  void reload();

  // A file from a user who may use the bot now.
  [[nodiscard]] boost::asio::awaitable<void> accept(FileMessage file);
  // A file from a user who has not joined the required channels yet; false (nothing kept) when
  // the user already has max_held_per_user files held.
  [[nodiscard]] boost::asio::awaitable<bool> hold(const FileMessage& file);
  // "I've joined": the user's held files join the queue, oldest first; answers how many.
  [[nodiscard]] boost::asio::awaitable<std::size_t> release(std::int64_t user_id);

  [[nodiscard]] ChannelLinks& channel_links() { return channel_links_; }

 private:
  // Loads what a previous process left, then posts until stopped.
  [[nodiscard]] boost::asio::awaitable<void> resume_then_dispatch();
  [[nodiscard]] boost::asio::awaitable<void> dispatch();
  // The store's pending uploads into memory (those not there yet); answers how many.
  [[nodiscard]] boost::asio::awaitable<std::size_t> load_pending();
  [[nodiscard]] boost::asio::awaitable<void> load_taken_over();
  // Adopts or queues again the "posting" uploads a previous process left (see above).
  [[nodiscard]] boost::asio::awaitable<void> recover_unconfirmed();
  // Puts the upload in line; answers what to tell the user at once when its link will be late
  // (the flood-limit notice or late_link_reply), if anything.
  [[nodiscard]] std::optional<Reply> line_up(const PendingUpload& upload);
  [[nodiscard]] boost::asio::awaitable<void> post(std::int64_t upload_id);
  [[nodiscard]] boost::asio::awaitable<void> finish(PendingUpload upload);
  [[nodiscard]] boost::asio::awaitable<void> finish_resumed(PendingUpload upload);
  [[nodiscard]] boost::asio::awaitable<void> finish_in_batch(PendingUpload upload);
  // A part of a split file (chat/uploads/split_upload.hpp): no link of its own.
  [[nodiscard]] boost::asio::awaitable<void> finish_split_part(PendingUpload upload,
                                                               SplitPartName part);
  // A channel post's links onto the post (or under it), recorded for re-posts and edits.
  [[nodiscard]] boost::asio::awaitable<void> finish_channel_post(PendingUpload upload);
  // The channel's row for the post, updated with its copy and where its links went.
  [[nodiscard]] boost::asio::awaitable<void> record_channel_post(
      const PendingUpload& upload, std::optional<SystemTime> expires_at, bool has_buttons);
  // A refusal or notice: to the user, or for a channel to its admins, never into the channel.
  [[nodiscard]] boost::asio::awaitable<void> answer(std::int64_t chat_id, Reply reply);

  // An album: which chat it came in, and Telegram's media_album_id.
  using AlbumKey = std::pair<std::int64_t, std::int64_t>;
  struct AlbumWait {
    std::uint64_t arrivals = 0;  // files seen so far; a quiet timer checks it did not change
    bool quiet = false;          // album_quiet_time passed after the last file
    bool resumed = false;        // left by a previous process: its chat must be loaded again
  };
  void note_album_file(const PendingUpload& upload);
  [[nodiscard]] boost::asio::awaitable<void> album_quiet_timer(AlbumKey key,
                                                               std::uint64_t arrivals);
  // Sends the album's one reply when it is quiet and all its files are posted; else nothing.
  [[nodiscard]] boost::asio::awaitable<void> finish_album(AlbumKey key);
  [[nodiscard]] boost::asio::awaitable<std::int64_t> open_batch_of(std::int64_t user_id);
  // Adds the upload's row; its id, or 0 when the message is an upload already.
  [[nodiscard]] boost::asio::awaitable<std::int64_t> add_row(const PendingUpload& upload);
  // The link's record (for /mylinks), and the link counted in the user's day.
  [[nodiscard]] boost::asio::awaitable<void> store_link(const LinkRecord& link);
  // Logs a confirmed copy as `owner`'s ("User 42", "Channel -100…") and records its link, made
  // `now`; answers the link's expiry.
  [[nodiscard]] boost::asio::awaitable<std::optional<SystemTime>> record_copy(
      const PendingUpload& upload, const std::string& owner, SystemTime now);
  [[nodiscard]] boost::asio::awaitable<void> count_link(std::int64_t user_id, SystemTime now);
  // Subtitles sent beside a video (upload_queue_subtitles.cpp): a video whose link is made is
  // remembered; a subtitle file is fetched, checked, paired and attached, and the note for its
  // reply answered (nullopt for any other file).
  [[nodiscard]] boost::asio::awaitable<void> remember_video(const PendingUpload& upload);
  [[nodiscard]] boost::asio::awaitable<std::optional<SubtitleNote>> attach_subtitle(
      const PendingUpload& upload);

  // Sends `reply` into `chat_id` (over several messages when it is too long for one,
  // split_reply) and waits until Telegram has it (or refused it); false when it was refused.
  [[nodiscard]] boost::asio::awaitable<bool> reply_confirmed(std::int64_t chat_id, Reply reply);
  [[nodiscard]] boost::asio::awaitable<bool> message_confirmed(std::int64_t chat_id,
                                                               const Reply& message);
  // The album's one reply: into the private chat, or under the album's first post in a channel.
  [[nodiscard]] boost::asio::awaitable<bool> album_reply_confirmed(std::int64_t chat_id,
                                                                   std::int64_t first_message_id,
                                                                   Reply reply);
  [[nodiscard]] boost::asio::awaitable<void> tell_late(std::int64_t upload_id,
                                                       std::chrono::seconds expected);
  [[nodiscard]] boost::asio::awaitable<void> sleep(std::chrono::steady_clock::duration delay);
  [[nodiscard]] std::size_t held_count(std::int64_t user_id) const;
  // Memory first, then the row: whatever runs while the row is written sees the new stage, and
  // the store executor writes rows in the order they are given.
  [[nodiscard]] boost::asio::awaitable<void> save(PendingUpload& upload, std::string stage);
  [[nodiscard]] boost::asio::awaitable<void> forget(std::int64_t upload_id);
  // Tells ChatContext::events, when set, why an upload got no link.
  void report_refusal(std::string_view reason) const;
  void wake();
  void spawn(boost::asio::awaitable<void> work, std::string what);

  const ChatContext& chat_;
  UploadQueueOptions options_;
  LogChannelCopier copier_;
  FloodLimiter user_rate_;  // keyed by user
  // Keyed by LOG_CHANNEL (and a listed channel), with the margin ChannelLinks explains: a copy
  // reaches Telegram a little after its turn too.
  FloodLimiter channel_rate_;
  ChannelLinks channel_links_;
  FairQueue turns_;                                // "queued" uploads
  std::map<std::int64_t, PendingUpload> uploads_;  // every pending upload, by id
  std::set<std::int64_t> told_late_;               // uploads whose user was told already
  std::map<AlbumKey, AlbumWait> albums_;           // albums whose reply is not sent yet
  std::vector<std::int64_t> unconfirmed_;          // "posting" when start() found them
  // The outcomes of link replies under way, per chat (TDLib's temporary ids are per chat).
  struct ReplyWatch {
    std::unique_ptr<SendOutcomes> outcomes;
    int waiting = 0;
  };
  std::map<std::int64_t, ReplyWatch> reply_watches_;
  boost::asio::steady_timer wake_;
  // False once destroyed: the dispatcher's sleep may end after that, and must not touch *this.
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace tglink
