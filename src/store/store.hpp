#pragma once
// Everything tglink keeps between restarts. One interface with two implementations:
// SqliteStore (store/sqlite_store.hpp), the default for one node, and PostgresStore
// (store/postgres_store.hpp), shared by several nodes (DATABASE_URL, docs/scaling.md).
//
// All methods are synchronous and short (one indexed statement each). The chat side calls them on
// the I/O thread; on PostgreSQL the HTTP side and the periodic jobs call them on the store
// executor's worker, with a connection of their own (store/store_executor.hpp), since there each
// call is a network round trip. An implementation is used by one thread at a time. Failures throw
// StoreError with the database's message. Day and month keys must be zero-padded UTC ("2025-03-01",
// "2025-03"), since they are compared as text; anything else throws StoreError naming the bad
// value.

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tglink {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A user's message, or a press on one of the bot's buttons, that a follower's session received
// and the leader must answer (schema step 9, docs/scaling.md "How users' messages reach the
// leader"). Ids as TDLib gives them.
struct RelayedUpdate {
  std::int64_t chat_id = 0;
  std::int64_t message_id = 0;  // the message, or the one whose button was pressed
  std::int64_t relayed_unix = 0;
  // "" for a new message; a button press: the callback query's id; in a channel, an edited post
  // "edited:<edit date>" and a member change "member:<date>:<user id>" (chat/message_relay.hpp)
  std::string query_id;
  std::string query;  // all but new messages: TDLib's update, as JSON
};

// A node sharing the store (docs/scaling.md), as it last reported itself.
struct NodeRecord {
  std::string node_id;
  std::int64_t last_seen_unix = 0;
  bool leading = false;  // whether it led the chat side at that moment
};

struct UserRecord {
  std::int64_t user_id = 0;
  std::string first_name;
  std::string username;
  std::int64_t first_seen_unix = 0;
  std::int64_t links_total = 0;
};

// A /broadcast job: the admin's message to copy and how far delivery has got.
struct BroadcastJob {
  std::int64_t id = 0;
  std::int64_t admin_chat_id = 0;
  std::int64_t source_chat_id = 0;       // chat holding the message to copy
  std::int64_t source_message_id = 0;    // TDLib message id
  std::int64_t progress_message_id = 0;  // the message edited in place with progress
  std::string state;                     // "pending", "running", "done", "cancelled"
  std::int64_t sent = 0;
  std::int64_t failed = 0;
  std::int64_t blocked = 0;
  std::int64_t total = 0;
};

// An upload not yet answered with its link (chat/uploads/upload_queue.hpp), kept here so that
// neither a long wait nor a restart loses it. `stage` is where it is:
//   "held"    waiting for the user to join the forced-subscription channels ("I've joined")
//   "queued"  accepted, waiting for its turn (the user's flood limit, LOG_CHANNEL's post rate)
//   "posting" the copy into LOG_CHANNEL was requested and is not confirmed yet
//   "posted"  the copy is confirmed (copy_message_id); the link reply is still to be sent
struct PendingUpload {
  std::int64_t id = 0;  // order of arrival, given by the store
  std::int64_t user_id = 0;
  std::int64_t chat_id = 0;     // the private chat the file came in
  std::int64_t message_id = 0;  // the user's message there (TDLib id)
  std::string file_kind;        // media/file_kind.hpp to_string(FileKind)
  std::string file_name;
  std::string mime_type;
  std::int64_t file_size = 0;
  std::string stage;                 // "held", "queued", "posting", "posted"
  std::int64_t copy_message_id = 0;  // the confirmed copy in LOG_CHANNEL, once "posted"
  std::int64_t received_unix = 0;
  std::int64_t batch_id = 0;  // the user's open /batch when it came, or 0
  std::int64_t album_id = 0;  // Telegram's media_album_id (one media group), or 0
};

// A channel post whose file got links (channel mode, chat/channel_posts.hpp).
struct ChannelPostRecord {
  std::int64_t chat_id = 0;          // the channel (-100…)
  std::int64_t message_id = 0;       // the post (TDLib id)
  std::string file_unique_id;        // Telegram's id of the file, the same in every re-post
  std::int64_t copy_message_id = 0;  // the confirmed copy in LOG_CHANNEL; 0 until then
  std::string file_kind;             // media/file_kind.hpp to_string(FileKind)
  std::string mime_type;
  std::int64_t expires_unix = 0;  // of the links on the post; 0 = never
  bool has_buttons = false;       // the links are the post's buttons (not a reply under it)
};

// One link for many files: the files a user sends between /batch and /done
// (chat/commands/batch_commands.cpp), shown at /b/{token} (web/batch_page.hpp).
struct BatchRecord {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::string state;  // "open" while files are added, "closed" after /done
  std::int64_t created_unix = 0;
  std::int64_t expires_unix = 0;  // set by /done; 0 = never expires
  bool revoked = false;
};

// A file of a batch, once its copy in LOG_CHANNEL is confirmed.
struct BatchFile {
  std::int64_t batch_id = 0;
  std::int64_t source_message_id = 0;  // the user's message: one row each, in the order sent
  std::int64_t copy_message_id = 0;    // the copy in LOG_CHANNEL, which the file links name
  std::string file_kind;               // media/file_kind.hpp to_string(FileKind)
  std::string file_name;
  std::string mime_type;
  std::int64_t file_size = 0;
};

// A file a user sends cut into parts (NAME.001, NAME.002, ...; chat/uploads/split_part_name.hpp),
// which becomes one link once every part has come (schema step 15). While parts are awaited it is
// the user's only split file of that name; once joined, its link names the first part's copy.
struct SplitPart {
  int number = 0;               // as in the part's name: 1 for NAME.001
  std::int64_t message_id = 0;  // the part's copy in LOG_CHANNEL
  std::int64_t file_size = 0;
};

struct SplitFile {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::int64_t chat_id = 0;  // where the parts came, and the joined link's reply goes
  std::string name;          // the joined file's name ("movie.mkv" for "movie.mkv.001")
  std::int64_t created_unix = 0;
  // The message id the joined link carries (the lowest-numbered part's copy); 0 while parts are
  // still awaited.
  std::int64_t joined_message_id = 0;
  std::vector<SplitPart> parts;  // by number
};

// A link someone made (schema step 7), named by the file's copy in LOG_CHANNEL: a link token
// carries that message id, so every token of one file counts here. Kept after the link expires,
// so /stats keeps what a user's links served.
struct LinkRecord {
  std::int64_t message_id = 0;  // the copy in LOG_CHANNEL (TDLib id)
  std::int64_t user_id = 0;     // who made it
  std::string file_name;
  std::int64_t file_size = 0;
  std::int64_t created_unix = 0;
  std::int64_t expires_unix = 0;  // 0 = never expires
  std::int64_t downloads = 0;     // bodies sent from byte 0 (serving/file_handler.hpp)
  std::int64_t bytes_served = 0;  // body bytes that reached a socket
  bool revoked = false;           // read from the revoked links; ignored by add_link
};

// Traffic one link had since the last flush (serving/link_traffic.hpp).
struct LinkTraffic {
  std::int64_t message_id = 0;
  std::int64_t downloads = 0;
  std::int64_t bytes = 0;
};

// Requests and response body bytes one node answered in one UTC minute (the dashboard's charts).
struct MinuteTraffic {
  std::string node_id;
  std::int64_t minute_unix = 0;  // the minute's first second, a multiple of 60
  std::int64_t requests = 0;
  std::int64_t bytes = 0;

  bool operator==(const MinuteTraffic&) const = default;
};

// What a node reports of itself for the dashboard (bots, streams, cache, conversions), as JSON
// it writes and reads itself, so any node's page shows every node.
struct NodeReport {
  std::string node_id;
  std::int64_t reported_unix = 0;
  std::string report_json;
};

// A link and what it served in a window of days (the dashboard's top files).
struct LinkTrafficTotal {
  LinkRecord link;  // its record, with all-time downloads and bytes
  std::int64_t downloads = 0;
  std::int64_t bytes = 0;
};

// New users on one UTC day ("YYYY-MM-DD").
struct DayCount {
  std::string day;
  std::int64_t count = 0;

  bool operator==(const DayCount&) const = default;
};

// The sums over one user's recorded links.
struct UserLinkTotals {
  std::int64_t links = 0;
  std::int64_t downloads = 0;
  std::int64_t bytes_served = 0;
};

// A user an admin banned (/ban): such a user's messages get one short answer and nothing else.
struct BanRecord {
  std::int64_t user_id = 0;
  std::int64_t banned_unix = 0;
  std::int64_t banned_by = 0;  // the admin's user id
};

// What ffprobe found in a file (playback/media_probe.hpp keeps the JSON's shape), kept so that
// every link to the same file, on every node, reuses one probe (schema step 11).
struct MediaProbeRecord {
  std::string unique_id;   // TDLib's remote unique id of the file
  std::string probe_json;  // playback's own form; "" when the probe failed
  bool ok = false;         // false: ffprobe could not read the file
  std::int64_t probed_unix = 0;
};

// A video a user sent in their private chat with the bot, once its link was made (step 16): what
// a subtitle sent beside it is paired with (chat/uploads/subtitle_pairing.hpp).
struct SentVideo {
  std::int64_t chat_id = 0;
  std::int64_t message_id = 0;       // the user's message (TDLib id): a reply names it
  std::int64_t copy_message_id = 0;  // the copy in LOG_CHANNEL, which the video's links name
  std::string file_name;
  std::int64_t album_id = 0;  // Telegram's media_album_id, or 0
  std::int64_t sent_unix = 0;
};

// A subtitle file attached to a video (step 16), checked and in UTF-8 (subtitles/).
struct VideoSubtitle {
  std::int64_t video_message_id = 0;     // the video's copy in LOG_CHANNEL
  std::int64_t subtitle_message_id = 0;  // the subtitle's own copy, which its own link names
  std::string file_name;
  std::string format;     // "srt", "vtt", "ass"
  std::string text_utf8;  // the whole file in UTF-8 (an ASS/SSA script is served as it is)
  std::string webvtt;     // its cues as WebVTT, for the player
  std::string subrip;     // its cues as SubRip, for VLC and mpv
  std::int64_t added_unix = 0;
};

class Store {
 public:
  // A store owns a connection or a file handle: never copied, so no implementation says it again.
  Store() = default;
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;
  virtual ~Store() = default;

  // --- users ---
  // Records the user at first contact; later calls refresh the names. Returns true if new.
  virtual bool upsert_user(const UserRecord& user) = 0;
  [[nodiscard]] virtual std::optional<UserRecord> find_user(std::int64_t user_id) = 0;
  [[nodiscard]] virtual std::int64_t count_users() = 0;
  // User ids in ascending order after `after_user_id`, at most `limit` (for paging broadcasts).
  // Telegram user ids are positive, so after_user_id = 0 starts at the beginning.
  [[nodiscard]] virtual std::vector<std::int64_t> list_user_ids(std::int64_t after_user_id,
                                                                int limit) = 0;
  virtual void delete_user(std::int64_t user_id) = 0;

  // --- links made ---
  // Counts one link made by the user on `day` ("YYYY-MM-DD", UTC); bumps the user's total too.
  // Daily counts outlive delete_user, so leaving and rejoining does not reset a daily limit.
  virtual void record_link(std::int64_t user_id, const std::string& day) = 0;
  [[nodiscard]] virtual std::int64_t links_on_day(std::int64_t user_id, const std::string& day) = 0;
  [[nodiscard]] virtual std::int64_t links_total() = 0;

  // --- monthly bandwidth, month = "YYYY-MM" (UTC) ---
  // Adds in one atomic statement and answers the month's new total, every node's bytes included,
  // so a node learns the global figure with each batch it adds.
  virtual std::int64_t add_bandwidth(const std::string& month, std::int64_t bytes) = 0;
  [[nodiscard]] virtual std::int64_t bandwidth_used(const std::string& month) = 0;
  // Deletes months strictly before `oldest_kept_month`; returns how many rows went.
  virtual int delete_bandwidth_before(const std::string& oldest_kept_month) = 0;

  // --- revoked links ---
  // `expires_unix` = 0 for a link that never expires; the revocation can be dropped after expiry.
  virtual void revoke_link(std::int64_t message_id, std::int64_t expires_unix) = 0;
  [[nodiscard]] virtual bool is_revoked(std::int64_t message_id) = 0;
  virtual int delete_revocations_expired_before(std::int64_t unix_time) = 0;
  // Every revoked link's message id (loaded into links/revoked_links.hpp at start).
  [[nodiscard]] virtual std::vector<std::int64_t> revoked_links() = 0;
  // Called after each revocation this store object commits, with the link's message id, or with
  // nullopt when it may have revoked several at once (revoke_user_links). On SQLite this is how
  // the links revoked in memory stay current; PostgreSQL also tells every node (NOTIFY).
  using RevocationWatcher = std::function<void(std::optional<std::int64_t> message_id)>;
  void watch_revocations(RevocationWatcher watcher) { revocation_watcher_ = std::move(watcher); }

  // --- broadcast jobs ---
  virtual std::int64_t create_broadcast(const BroadcastJob& job) = 0;
  virtual void update_broadcast(const BroadcastJob& job) = 0;
  [[nodiscard]] virtual std::optional<BroadcastJob> find_broadcast(std::int64_t id) = 0;
  // Jobs left "running" by a previous process, to resume at start, oldest first.
  [[nodiscard]] virtual std::vector<BroadcastJob> unfinished_broadcasts() = 0;
  // Marks one recipient; returns false if that user was already marked for this job,
  // which is how a resumed job never sends twice.
  virtual bool mark_broadcast_recipient(std::int64_t job_id, std::int64_t user_id,
                                        const std::string& outcome) = 0;
  [[nodiscard]] virtual bool broadcast_recipient_done(std::int64_t job_id,
                                                      std::int64_t user_id) = 0;
  // Replaces a marked recipient's outcome ("claimed" -> "sent", "failed", "blocked", or
  // "unconfirmed" for a claim a killed process left); does nothing for a recipient never marked.
  virtual void set_broadcast_recipient_outcome(std::int64_t job_id, std::int64_t user_id,
                                               const std::string& outcome) = 0;
  // The recipients of the job whose outcome is `outcome`, ascending.
  [[nodiscard]] virtual std::vector<std::int64_t> broadcast_recipients_with(
      std::int64_t job_id, const std::string& outcome) = 0;

  // --- uploads not yet answered with a link ---
  // Adds the upload and answers its id; answers 0 (and changes nothing) when the same message
  // (chat_id, message_id) is already there, so one message never becomes two uploads. Throws
  // StoreError for an unknown stage.
  virtual std::int64_t add_pending_upload(const PendingUpload& upload) = 0;
  // Stores the upload's stage and copy_message_id; throws StoreError if there is no such id.
  // Moving to "posted" also raises last_log_channel_post() to copy_message_id, in the same
  // commit, so the two never disagree after a crash.
  virtual void update_pending_upload(const PendingUpload& upload) = 0;
  virtual void delete_pending_upload(std::int64_t id) = 0;
  // Every pending upload, oldest first.
  [[nodiscard]] virtual std::vector<PendingUpload> pending_uploads() = 0;

  // --- batches (one link for many files) ---
  // Opens a batch for the user and answers its id; a user has at most one open batch, so when
  // one is open already its id is answered and nothing changes.
  virtual std::int64_t open_batch(std::int64_t user_id, std::int64_t created_unix) = 0;
  [[nodiscard]] virtual std::optional<BatchRecord> open_batch_of(std::int64_t user_id) = 0;
  [[nodiscard]] virtual std::optional<BatchRecord> find_batch(std::int64_t id) = 0;
  // Closes an open batch, which from then on expires at `expires_unix` (0 = never); false
  // (nothing changed) when there is no such open batch.
  virtual bool close_batch(std::int64_t id, std::int64_t expires_unix) = 0;
  // The batch page stops working; false when there is no such batch.
  virtual bool revoke_batch(std::int64_t id) = 0;
  // Adds a file to a batch; the same (batch_id, source_message_id) again changes nothing, so a
  // resumed upload never lists a file twice. Throws StoreError when there is no such batch.
  virtual void add_batch_file(const BatchFile& file) = 0;
  // The batch's files in the order they were sent.
  [[nodiscard]] virtual std::vector<BatchFile> batch_files(std::int64_t batch_id) = 0;
  // The user's closed batches, newest first, at most `limit` (the user's WebDAV folder,
  // dav/dav_folder.hpp); revoked and expired ones too: the caller decides what still works.
  [[nodiscard]] virtual std::vector<BatchRecord> user_batches(std::int64_t user_id, int limit) = 0;
  // --- split files joined into one link (step 15) ---
  // Adds `part` to the user's split file `name` that is still awaiting parts (made when there is
  // none) and answers that file with all its parts. A part with the same number replaces the one
  // before (a part sent again after a mismatch). When the part's copy is in one of the user's
  // split files already (a resumed upload), that file is answered as it is, joined or not.
  virtual SplitFile add_split_part(std::int64_t user_id, std::int64_t chat_id,
                                   const std::string& name, const SplitPart& part,
                                   std::int64_t now_unix) = 0;
  // The user's split files still awaiting parts, oldest first.
  [[nodiscard]] virtual std::vector<SplitFile> waiting_split_files(std::int64_t user_id) = 0;
  // Marks the split file joined under `joined_message_id`; false (nothing changed) when there is
  // no such file awaiting parts, so of two callers only one replies with the link.
  virtual bool join_split_file(std::int64_t id, std::int64_t joined_message_id) = 0;
  // The joined file a link's message id names, with its parts; nullopt for any other message.
  [[nodiscard]] virtual std::optional<SplitFile> find_joined_file(std::int64_t message_id) = 0;

  // --- nodes sharing the store ---
  // Records the node's heartbeat (inserted at first, replaced later). Throws StoreError for an
  // empty node id.
  virtual void record_node(const NodeRecord& node) = 0;
  // Every node that ever reported, by node id.
  [[nodiscard]] virtual std::vector<NodeRecord> list_nodes() = 0;
  // The greatest LOG_CHANNEL message id an upload was confirmed as ("posted"), 0 before the
  // first. A copy requested and not confirmed when a process died can only be later than it
  // (chat/uploads/unconfirmed_copies.hpp).
  [[nodiscard]] virtual std::int64_t last_log_channel_post() = 0;

  // --- links people made, and what they served (schema step 7) ---
  // Records a new link; a second record for the same message_id changes nothing.
  virtual void add_link(const LinkRecord& link) = 0;
  [[nodiscard]] virtual std::optional<LinkRecord> find_link(std::int64_t message_id) = 0;
  // The user's links, newest first, skipping `offset` of them, at most `limit`.
  [[nodiscard]] virtual std::vector<LinkRecord> user_links(std::int64_t user_id, int offset,
                                                           int limit) = 0;
  [[nodiscard]] virtual UserLinkTotals user_link_totals(std::int64_t user_id) = 0;
  // Adds each entry to its link's counts, all in one transaction; entries for links with no
  // record (made before step 7) are dropped. Throws StoreError on negative counts.
  virtual void add_link_traffic(const std::vector<LinkTraffic>& traffic) = 0;
  // The same, and each entry also added to its link's row for `day` ("YYYY-MM-DD", UTC; step
  // 13), for the dashboard's top files of the week, in the same transaction.
  virtual void add_link_traffic_on_day(const std::string& day,
                                       const std::vector<LinkTraffic>& traffic) = 0;
  // Revokes every link of the user that is neither revoked nor expired at `now_unix`; answers
  // how many it revoked.
  virtual int revoke_user_links(std::int64_t user_id, std::int64_t now_unix) = 0;

  // --- banned users ---
  // False (and the first ban kept) when the user is banned already.
  virtual bool ban_user(const BanRecord& ban) = 0;
  // False when the user was not banned.
  virtual bool unban_user(std::int64_t user_id) = 0;
  [[nodiscard]] virtual std::optional<BanRecord> find_ban(std::int64_t user_id) = 0;
  // Every banned user, by user id (loaded once by the chat side, chat/ban_list.hpp).
  [[nodiscard]] virtual std::vector<BanRecord> list_bans() = 0;

  // --- retention (ops/record_retention.hpp) ---
  // Each deletes at most `limit` (> 0, else StoreError) records made before `cutoff_unix` that no
  // longer work: expired before it, or revoked. Answers how many went; call again until it
  // answers less than `limit`. Link records go without their revocation, which stays in force.
  virtual int delete_dead_links(std::int64_t cutoff_unix, int limit) = 0;
  // Closed batches only, each with its files; an open batch is never deleted.
  virtual int delete_dead_batches(std::int64_t cutoff_unix, int limit) = 0;
  // Channel posts whose links expired before `cutoff_unix`, or whose copy is revoked.
  virtual int delete_dead_channel_posts(std::int64_t cutoff_unix, int limit) = 0;

  // --- users' messages and button presses relayed from followers to the leader (step 9) ---
  // Records an update for the leader; false (and nothing changed) when it was relayed before (the
  // same chat, message and query id), so it is handed over once however often it is relayed.
  virtual bool relay_update(const RelayedUpdate& update) = 0;
  // Claims up to `limit` relayed updates no one claimed yet, oldest first (a chat's in message id
  // order). Of nodes claiming at once, each update goes to exactly one.
  [[nodiscard]] virtual std::vector<RelayedUpdate> claim_relayed_updates(int limit) = 0;
  // Forgets claimed updates relayed before `unix_time`; answers how many.
  virtual int delete_claimed_relays_before(std::int64_t unix_time) = 0;

  // --- media probes of the player's conversions (schema step 11) ---
  // Replaces any earlier probe of the same file.
  virtual void save_media_probe(const MediaProbeRecord& probe) = 0;
  [[nodiscard]] virtual std::optional<MediaProbeRecord> find_media_probe(
      const std::string& unique_id) = 0;

  // --- channel posts with links (step 12) ---
  // Adds or replaces the post's row.
  virtual void save_channel_post(const ChannelPostRecord& post) = 0;
  [[nodiscard]] virtual std::optional<ChannelPostRecord> find_channel_post(
      std::int64_t chat_id, std::int64_t message_id) = 0;
  // The latest post of this file whose copy is confirmed, in any channel: a re-post reuses it.
  [[nodiscard]] virtual std::optional<ChannelPostRecord> find_channel_copy(
      const std::string& file_unique_id) = 0;

  // --- subtitles sent beside a video (step 16) ---
  // Records a video whose link was made; the same message again changes nothing.
  virtual void record_sent_video(const SentVideo& video) = 0;
  [[nodiscard]] virtual std::optional<SentVideo> find_sent_video(std::int64_t chat_id,
                                                                 std::int64_t message_id) = 0;
  // The chat's videos sent at or after `since_unix`, newest first, at most `limit`.
  [[nodiscard]] virtual std::vector<SentVideo> sent_videos_since(std::int64_t chat_id,
                                                                 std::int64_t since_unix,
                                                                 int limit) = 0;
  // Attaches the subtitle; the same (video, subtitle) again replaces the row.
  virtual void attach_subtitle(const VideoSubtitle& subtitle) = 0;
  // The video's subtitles in the order they were attached, without their texts (text_utf8,
  // webvtt and subrip empty): a listing stays small however large the files.
  [[nodiscard]] virtual std::vector<VideoSubtitle> video_subtitles(
      std::int64_t video_message_id) = 0;
  // The video's subtitle `index` (0-based, in that order) with its texts; nullopt when the video
  // has no such subtitle (a negative index included).
  [[nodiscard]] virtual std::optional<VideoSubtitle> find_video_subtitle(
      std::int64_t video_message_id, std::int64_t index) = 0;

  // --- the operator's dashboard (step 13) ---
  // Named marks kept in `counters`: raises `name` to `value` when it is below it (or unset) and
  // answers whether it did. Atomic, so of two nodes raising to the same value only one succeeds:
  // a dashboard link opens once, whichever node it reaches.
  virtual bool raise_mark(const std::string& name, std::int64_t value) = 0;
  // 0 when never set.
  [[nodiscard]] virtual std::int64_t mark(const std::string& name) = 0;
  // Adds each entry to its node's minute (rows are created as needed); one transaction.
  virtual void add_minute_traffic(const std::vector<MinuteTraffic>& minutes) = 0;
  // Every node's minutes from `since_unix` on, by node, then minute.
  [[nodiscard]] virtual std::vector<MinuteTraffic> minute_traffic_since(
      std::int64_t since_unix) = 0;
  // Replaces the node's report. Throws StoreError for an empty node id.
  virtual void save_node_report(const NodeReport& report) = 0;
  // Every node's report, by node id.
  [[nodiscard]] virtual std::vector<NodeReport> node_reports() = 0;
  // The links that served the most bytes on `first_day` ("YYYY-MM-DD") and after, most first, at
  // most `limit` (> 0), with their records; links without a record are left out.
  [[nodiscard]] virtual std::vector<LinkTrafficTotal> top_links_since(const std::string& first_day,
                                                                      int limit) = 0;
  // Users first seen at or after `since_unix`, per UTC day, oldest first; days without one are
  // left out.
  [[nodiscard]] virtual std::vector<DayCount> new_users_per_day(std::int64_t since_unix) = 0;
  // Deletes minutes before `cutoff_unix` and link days before `first_day_kept`; answers how many
  // rows went.
  virtual int delete_dashboard_history(std::int64_t cutoff_unix,
                                       const std::string& first_day_kept) = 0;

 protected:
  void revocation_committed(std::optional<std::int64_t> message_id) const {
    if (revocation_watcher_) revocation_watcher_(message_id);
  }

 private:
  RevocationWatcher revocation_watcher_;
};

}  // namespace tglink
