#pragma once
// The simulator: everything behind the four libtdjson functions. The C API has no instance
// argument, so there is exactly one Simulator per process, created on first use (instance());
// this is the one piece of global state in the project, and it is deliberate.
//
// Threads: td_send and the control socket run requests under `mutex_`; one engine thread runs
// what falls due on the simulated clock (download parts, queued sends after a flood wait) under
// the same mutex, sleeping on a condition variable until then; td_receive only reads the
// OutputQueue.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <queue>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <boost/json.hpp>

#include "sim/bot_settings.hpp"
#include "sim/download_plan.hpp"
#include "sim/outbox.hpp"
#include "sim/output_queue.hpp"
#include "sim/pending_edit.hpp"
#include "sim/request_log.hpp"
#include "sim/session.hpp"
#include "sim/sim_clock.hpp"
#include "sim/world.hpp"

namespace tglink::sim {

class ControlServer;

class Simulator {
 public:
  // The process-wide simulator. Reads LOG_CHANNEL, TGLINK_SIM_CONFIG and TGLINK_SIM_SOCKET once.
  static Simulator& instance();

  Simulator();
  ~Simulator();
  Simulator(const Simulator&) = delete;
  Simulator& operator=(const Simulator&) = delete;

  // The libtdjson entry points.
  int create_client();
  void send(int client_id, std::string_view request);
  // The next answer or update of any client, with the client it is for.
  std::optional<Output> receive(double timeout_seconds);
  std::string execute(std::string_view request);
  // The process that created `client_id` is gone (world_server.*): the client ends as its TDLib
  // would, losing what it had not sent yet.
  void end_client(int client_id);

  // One control request (see README.md); answers {"ok":true,...} or {"ok":false,"error":...}.
  boost::json::object control(const boost::json::object& request);

  // Applies a TGLINK_SIM_CONFIG document: {"tokens":[...], "ops":[control requests...]}.
  void apply_config(const boost::json::object& config);

 private:
  using TimePoint = SimClock::time_point;
  using Extra = boost::json::value;
  using Lock = std::unique_lock<std::mutex>;

  struct PartEvent {
    TimePoint due;  // on the simulated clock
    int client_id;
    int file_id;
    int part;
    std::uint64_t ticket;
    bool operator>(const PartEvent& other) const { return due > other.due; }
  };

  // --- output (simulator.cpp)
  void emit(const Session& session, boost::json::object object);
  void answer(const Session& session, const Extra& extra, boost::json::object object);
  void answer_error(const Session& session, const Extra& extra, int code, std::string message);
  void dispatch(Session& session, const std::string& type, const boost::json::object& request,
                const Extra& extra);
  Session* find_session(int client_id);
  Session* session_of_bot(std::int64_t bot_id);
  BotState& bot(std::int64_t bot_id);

  // --- authorization and options (simulator_auth.cpp)
  void emit_auth_state(Session& session);
  boost::json::object auth_state_object(const Session& session) const;
  void on_set_tdlib_parameters(Session& session, const boost::json::object& request,
                               const Extra& extra);
  void on_set_network_type(Session& session, const boost::json::object& request,
                           const Extra& extra);
  void on_check_bot_token(Session& session, const std::string& token, const Extra& extra);
  void finish_login(Session& session, const std::string& token, const Extra& extra);
  void on_close(Session& session, const Extra& extra);
  void on_set_option(Session& session, const boost::json::object& request, const Extra& extra);
  void on_get_option(Session& session, const boost::json::object& request, const Extra& extra);

  // --- proxies (simulator_proxies.cpp)
  void on_add_proxy(Session& session, const boost::json::object& request, const Extra& extra);
  void on_get_proxies(Session& session, const Extra& extra);
  // Runs the requests held while setTdlibParameters was awaited, in their order.
  void run_held_requests(Session& session);
  void set_connected(std::int64_t bot_id, bool connected);
  bool token_accepted(const std::string& token, std::int64_t& bot_id) const;

  // --- users and chats (simulator_chats.cpp)
  void announce_user(Session& session, std::int64_t user_id);
  void announce_chat(Session& session, std::int64_t chat_id);
  boost::json::object chat_object(const Session& session, std::int64_t chat_id);
  void on_get_user(Session& session, std::int64_t user_id, const Extra& extra);
  void on_get_chat(Session& session, std::int64_t chat_id, const Extra& extra);
  // Loads the chat into the client (updateNewChat once) and answers it.
  void open_chat(Session& session, std::int64_t chat_id, const Extra& extra);
  void on_get_supergroup(Session& session, std::int64_t supergroup_id, const Extra& extra);
  void on_create_private_chat(Session& session, std::int64_t user_id, const Extra& extra);
  void on_get_chat_member(Session& session, const boost::json::object& request, const Extra& extra);
  void on_create_chat_invite_link(Session& session, const boost::json::object& request,
                                  const Extra& extra);
  bool can_read_chat(const Session& session, std::int64_t chat_id) const;

  // --- what a client holds in memory (simulator_residency.cpp)
  // Whether the client has loaded the chat (MessagesManager::get_dialog_force finds it).
  bool knows_chat(const Session& session, std::int64_t chat_id) const;
  // The message was used now: it stays loaded for message_unload_delay more.
  void touch_message(Session& session, std::int64_t chat_id, std::int64_t server_id);
  // Whether the client still holds the message (it was used within message_unload_delay).
  bool message_loaded(const Session& session, std::int64_t chat_id, std::int64_t server_id) const;
  // MessagesManager::get_message_force for an edit: the message (by TDLib id) when it exists, is
  // not deleted and the client holds it, now used again; nullptr means "Message not found".
  MessageRecord* message_in_memory(Session& session, std::int64_t chat_id, std::int64_t message_id);
  SimClock::duration unload_delay(const Session& session) const;

  // --- messages (simulator_messages.cpp)
  boost::json::object message_object(Session& session, std::int64_t chat_id,
                                     const MessageRecord& record);
  boost::json::object content_object(Session& session, const MessageContent& content);
  void on_get_message(Session& session, const boost::json::object& request, const Extra& extra);
  void on_send_message(Session& session, const boost::json::object& request, const Extra& extra);
  void on_forward_messages(Session& session, const boost::json::object& request,
                           const Extra& extra);
  void on_delete_messages(Session& session, const boost::json::object& request, const Extra& extra);
  void on_answer_callback_query(Session& session, const boost::json::object& request,
                                const Extra& extra);
  void on_set_commands(Session& session, const boost::json::object& request, const Extra& extra);
  // The error TDLib answers at once for `session`'s bot posting into `chat_id` (its own checks,
  // before anything is queued), or an empty object when it may.
  boost::json::object send_denied(const Session& session, std::int64_t chat_id) const;

  // --- queued sends (simulator_sending.cpp)
  // Queues a message the bot sends into `chat_id` and returns the pending message TDLib answers
  // with at once; the server takes it later (attempt_send).
  boost::json::object queue_send(Session& session, std::int64_t chat_id, MessageRecord record);
  std::int64_t next_temporary_id(Session& session, std::int64_t chat_id);
  void schedule_attempt(const OutboxKey& key, TimePoint when);
  // Offers the first queued message of one outbox to the server.
  void attempt_send(const OutboxKey& key);
  // The error with which the server refuses a message into `chat_id` (checked when it is sent,
  // not when it is queued), or an empty object.
  boost::json::object server_refusal(const Session& session, std::int64_t chat_id) const;
  // 0 when Telegram takes one more message from the bot into `chat_id` now, else its FLOOD_WAIT.
  int flood_wait(Session& session, std::int64_t chat_id);
  void deliver(Session& session, std::int64_t chat_id, PendingSend& send);
  void fail_send(Session& session, std::int64_t chat_id, PendingSend& send, int code,
                 const std::string& message, int retry_after);
  // After a reconnect: every outbox of `bot_id` tries again.
  void resume_sends(std::int64_t bot_id);

  // --- edits (simulator_edits.cpp)
  void on_edit_message_text(Session& session, const boost::json::object& request,
                            const Extra& extra);
  // Offers an edit that passed TDLib's checks to the server: answered now, after a flood wait,
  // or once the bot is connected again.
  void attempt_edit(PendingEdit edit);
  void apply_edit(Session& session, MessageRecord& record, PendingEdit edit);
  // After a reconnect: the held edits try again.
  void resume_edits();

  // --- channels as their owner and bots see them (simulator_channels.cpp)
  // The owner posts a file (or an album's file) into a channel: every bot administrator gets it.
  boost::json::object post_to_channel(const boost::json::object& request);
  // The owner edits a post's caption in a Telegram app, which drops the keyboard a bot put there.
  boost::json::object edit_post(const boost::json::object& request);
  boost::json::object set_bot_rights(const boost::json::object& request);
  boost::json::object chat_member(const boost::json::object& request);
  // The sessions of the logged-in bots that administer the channel, one per bot.
  std::vector<Session*> administrator_sessions(std::int64_t chat_id);
  // updateNewMessage (or the edit updates) for a channel post, to every bot administrator.
  void deliver_channel_post(std::int64_t chat_id, const MessageRecord& record);
  void on_edit_message_reply_markup(Session& session, const boost::json::object& request,
                                    const Extra& extra);
  void on_leave_chat(Session& session, std::int64_t chat_id, const Extra& extra);
  void on_get_chat_administrators(Session& session, std::int64_t chat_id, const Extra& extra);
  // The channel's owner and administrators as chatAdministrator objects, the owner first.
  boost::json::array chat_administrator_list(const Channel& channel) const;

  // --- files and downloads (simulator_files.cpp, download_engine.cpp)
  static int first_file_id(int client_id);
  int local_file_id(Session& session, int file);
  // Gives world file `file` the id `file_id` in this session, ready to download.
  void register_download(Session& session, int file, int file_id);
  boost::json::object file_object(Session& session, int file_id);
  FileDownload* find_download(Session& session, int file_id);
  void on_get_file(Session& session, int file_id, const Extra& extra);
  void on_download_file(Session& session, const boost::json::object& request, const Extra& extra);
  void on_cancel_download(Session& session, int file_id, const Extra& extra);
  void on_delete_file(Session& session, int file_id, const Extra& extra);
  void on_prefix_size(Session& session, int file_id, std::int64_t offset, const Extra& extra);
  // Cancels the parts in flight outside `keep` (all of them for an empty range).
  void cancel_parts(Session& session, FileDownload& download, PartRange keep);
  // Starts what the client's budgets allow (download_engine.cpp).
  void pump(Session& session);
  void pump_budget(Session& session, bool small);
  void start_part(Session& session, int file_id, FileDownload& download, int part);
  // Schedules the answer to a part request sent at `event.due`.
  void send_part(Session& session, PartEvent event, std::int64_t bytes);
  void complete_part(const PartEvent& event);
  void flood_wait_part(Session& session, const PartEvent& event, PartInFlight& flight);
  void repair_reference(Session& session, int file_id, FileDownload& download);
  void finish_repair(int client_id, int file_id);
  // Fetches again a message the client saw `file` in; false when none is left to read.
  bool refetch_source(Session& session, int file);
  // The server changes the file reference of the file `record` carries, if any.
  void expire_file_reference(const MessageRecord& record);
  void fail_download(Session& session, int file_id, FileDownload& download);
  void settle_sync_waiters(Session& session, FileDownload& download);
  void finish_window(Session& session, int file_id, FileDownload& download);
  void emit_file(Session& session, int file_id);

  // --- the simulated clock and what falls due on it (simulator_timeline.cpp)
  // Runs `action` under the mutex once simulated time reaches `when`.
  void at(TimePoint when, std::function<void()> action);
  void run_engine();
  // Runs every part and action whose time has come, in time order.
  void run_due();
  std::optional<TimePoint> next_due() const;
  // Moves simulated time forward by `seconds` and runs what fell due before answering.
  boost::json::object advance_time(const boost::json::object& request);

  // --- control operations (simulator_control.cpp)
  boost::json::object run_control(const std::string& op, const boost::json::object& request,
                                  Lock& lock);
  boost::json::object run_fault(const boost::json::object& request);
  boost::json::object press_button(const boost::json::object& request);
  boost::json::object wait_messages(const boost::json::object& request, Lock& lock);
  boost::json::object wait_callback_answer(const boost::json::object& request, Lock& lock);
  boost::json::object counters_of(std::int64_t bot_id) const;
  std::int64_t requested_bot(const boost::json::object& request) const;
  SimUser& user_for(std::int64_t user_id);
  // A user's message to a bot, stored and delivered as updateNewMessage; answers its ids.
  boost::json::object user_sends(const boost::json::object& request, MessageContent content,
                                 std::int64_t media_album_id = 0);
  // The file a send_file request (or a send_album item) describes, added to the world; a file
  // over `max_bytes` is refused as Telegram refuses it.
  MessageContent file_content(const boost::json::object& request, std::int64_t max_bytes);
  // The largest upload Telegram takes from the user (Premium or not).
  std::int64_t upload_limit(std::int64_t user_id);
  int add_thumbnail(const boost::json::object& request);
  // A user's album (simulator_albums.cpp): its files as messages sharing a media_album_id.
  boost::json::object send_album(const boost::json::object& request);
  boost::json::object control_message(const MessageRecord& record, std::int64_t chat_id,
                                      std::int64_t bot_id) const;
  boost::json::array chat_messages(std::int64_t bot_id, std::int64_t chat_id) const;

  std::mutex mutex_;
  std::condition_variable changed_;  // a message or callback answer arrived
  OutputQueue output_;
  RequestLog request_log_{RequestLog::path_from_environment()};
  World world_;
  std::map<int, Session> sessions_;
  std::map<std::int64_t, BotState> bots_;
  std::vector<std::string> accepted_tokens_;                     // empty: any well-formed token
  std::map<std::string, boost::json::object> callback_answers_;  // by query id
  // The bot each callback query was sent to: only that bot's sessions may answer it.
  std::map<std::string, std::int64_t> callback_query_bots_;
  std::int64_t next_callback_query_ = 1;
  // Past 2^53, so a client that reads TDLib's int64 strings as doubles gets them wrong.
  std::int64_t next_media_album_id_ = (std::int64_t{1} << 62) + 1;
  // post_to_channel's media_group_id (the caller's) -> the media_album_id the posts carry.
  std::map<std::string, std::int64_t> channel_albums_;
  std::int64_t log_channel_ = 0;
  int next_client_id_ = 1;
  std::uint64_t next_ticket_ = 1;
  SimClock clock_;
  std::priority_queue<PartEvent, std::vector<PartEvent>, std::greater<>> parts_;
  std::vector<PartEvent> stalled_parts_;  // completed while the bot was disconnected
  std::multimap<TimePoint, std::function<void()>> timers_;
  std::map<OutboxKey, ChatOutbox> outboxes_;
  std::vector<PendingEdit> held_edits_;  // edits waiting for their bot to reconnect
  std::condition_variable engine_wake_;
  bool stopping_ = false;
  std::thread engine_;
  std::unique_ptr<ControlServer> control_server_;
};

}  // namespace tglink::sim
