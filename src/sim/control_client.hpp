#pragma once
// A client for the simulator's control socket (TGLINK_SIM_SOCKET), for tests and `tglink demo`.
// Each method sends one request line and waits for its answer line; a {"ok":false} answer
// becomes a std::runtime_error carrying the simulator's message. Not thread-safe: give each
// thread its own ControlClient.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/json.hpp>

namespace tglink::sim {

struct SimButton {
  std::string text;
  std::string url;   // a URL button
  std::string data;  // a callback button's data, decoded
};

// A message as a bot sent it, as the control socket reports it.
struct SimMessage {
  std::int64_t message_id = 0;  // TDLib id (server id << 20)
  std::int64_t chat_id = 0;
  std::int64_t bot_id = 0;
  std::string text;
  boost::json::array entities;
  std::vector<std::vector<SimButton>> keyboard;
  bool edited = false;
  bool deleted = false;
  std::optional<std::string> file_name;  // set for a document the bot sent
  std::int64_t sender_user_id = 0;       // 0 for a channel's own post
  std::int64_t reply_to_message_id = 0;  // the message this one answers, or 0
  bool forwarded = false;                // a channel post forwarded from elsewhere
  std::string file_unique_id;            // of its file, when it has one
};

// A file the owner of a channel posts there (post_to_channel).
struct ChannelPostRequest {
  std::int64_t chat_id = 0;
  std::string path;
  std::string kind = "document";  // document, video, audio, photo, ...
  std::string file_name;          // default: the path's file name
  std::string caption;
  std::string media_group_id;  // posts with the same one form an album; empty: none
  bool forwarded = false;      // forwarded from another channel
};

struct ChannelPost {
  std::int64_t message_id = 0;
  std::string media_album_id;  // "0" outside an album
  std::string file_unique_id;
};

struct SendFileRequest {
  std::int64_t user_id = 0;
  std::string path;  // the bytes of the file
  std::string kind =
      "document";         // document, video, audio, voice, photo, animation, video_note, sticker
  std::string file_name;  // default: the path's file name
  std::string mime_type;  // default: application/octet-stream
  std::string caption;
  int duration = 0;
  int width = 0;
  int height = 0;
  std::int64_t bot_id = 0;     // 0: the first bot that logged in
  std::int64_t chat_id = 0;    // a channel instead of user_id: a post already in that channel
  std::string thumbnail_path;  // a video's JPEG thumbnail, or none
};

// At most `messages` in any `seconds` (Telegram's limits on what a bot sends).
struct SendLimitPatch {
  int messages = 1;
  double seconds = 1.0;
};

struct BotSettingsPatch {
  std::optional<std::string> profile;       // "fast" (the default) or "realistic"; applied first
  std::optional<double> latency_ms;         // round trip of one part, at least
  std::optional<double> latency_jitter_ms;  // plus a uniform random share of this
  std::optional<std::int64_t> jitter_seed;
  std::optional<double> bytes_per_second;  // the bot's link; 0: unlimited
  std::optional<std::int64_t> in_flight_bytes;
  std::optional<SendLimitPatch> limit_global;        // default 30 a second
  std::optional<SendLimitPatch> limit_private_chat;  // default 1 a second, per chat
  std::optional<SendLimitPatch> limit_channel;       // default 20 a minute, per group or channel
};

struct BotCountersView {
  std::int64_t bytes_downloaded = 0;
  std::int64_t parts = 0;          // parts on disk
  std::int64_t part_requests = 0;  // parts asked of the server, resends included
  std::int64_t download_file_calls = 0;
  std::int64_t in_flight_bytes = 0;         // parts started and not yet finished, now
  std::int64_t messages_sent = 0;           // messages the server took
  std::int64_t flood_waits = 0;             // FLOOD_WAIT answers to sends (waited out or failed)
  std::int64_t messages_edited = 0;         // edits the server took
  std::int64_t edit_flood_waits = 0;        // FLOOD_WAIT answers to edits (waited out or failed)
  std::int64_t part_flood_waits = 0;        // FLOOD_WAIT answers to download parts
  std::int64_t file_reference_repairs = 0;  // expired file references fetched anew
  boost::json::object requests;             // by @type
};

struct SentMessage {
  std::int64_t chat_id = 0;
  std::int64_t message_id = 0;
};

class ControlClient {
 public:
  // Connects to the socket at `path`; throws std::runtime_error when nothing listens there.
  explicit ControlClient(const std::string& path);
  ~ControlClient();
  ControlClient(const ControlClient&) = delete;
  ControlClient& operator=(const ControlClient&) = delete;

  // One raw request; answers the whole answer object. Throws on {"ok":false}.
  boost::json::object call(const boost::json::object& request);

  void create_user(std::int64_t user_id, const std::string& first_name,
                   const std::string& username = "", bool is_premium = false);
  void create_channel(std::int64_t chat_id, const std::string& title,
                      bool bots_admin_by_default = false);
  // status: "left", "member", "admin" or "creator".
  void set_member(std::int64_t chat_id, std::int64_t user_id, const std::string& status);
  SentMessage send_text(std::int64_t user_id, const std::string& text, std::int64_t bot_id = 0);
  SentMessage send_file(const SendFileRequest& request);
  // The files as one album from `user_id` (their own user_id, chat_id and bot_id are ignored);
  // answers the message ids, in order.
  std::vector<std::int64_t> send_album(std::int64_t user_id,
                                       const std::vector<SendFileRequest>& files,
                                       std::int64_t bot_id = 0);
  // The owner of a channel posts a file there; every bot administrator gets it as a channel post.
  ChannelPost post_to_channel(const ChannelPostRequest& request);
  // The bot becomes an administrator of the channel with these rights.
  void set_bot_rights(std::int64_t chat_id, std::int64_t bot_id, bool can_post_messages,
                      bool can_edit_messages);
  // Presses a callback button; answers the callback query id.
  std::string press_button(std::int64_t user_id, std::int64_t message_id, const std::string& data,
                           std::int64_t bot_id = 0);
  // Waits for the bot's answerCallbackQuery; answers its text.
  std::string callback_answer(const std::string& query_id, int timeout_ms = 5000);
  std::vector<SimMessage> messages(std::int64_t chat_id, std::int64_t bot_id = 0);
  std::vector<SimMessage> wait_messages(std::int64_t chat_id, std::size_t count,
                                        int timeout_ms = 5000, std::int64_t bot_id = 0);
  void set_bot(std::int64_t bot_id, const BotSettingsPatch& patch);
  // kind: flood, disconnect, reconnect, delete_message, expire_reference, not_admin, admin,
  // block_bot, unblock_bot, clear; `fields` carries the kind's arguments (count, chat_id, ...).
  void fault(std::int64_t bot_id, const std::string& kind, boost::json::object fields = {});
  // Moves the simulator's clock forward by `seconds` (message dates, unload timers, flood waits,
  // rate-limit windows, download parts) and returns once what fell due has run.
  void advance_time(double seconds);
  BotCountersView counters(std::int64_t bot_id);
  void reset_counters();
  // Ids of the bots that are logged in now.
  std::vector<std::int64_t> bots();

 private:
  int fd_ = -1;
  std::string buffer_;
};

}  // namespace tglink::sim
