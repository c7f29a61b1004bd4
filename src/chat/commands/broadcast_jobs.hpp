#pragma once
// /broadcast jobs: the admin's message copied to every user, once each, surviving restarts.
//
//   /broadcast as a reply  -> job stored "pending"; preview (a copy of the message) and a
//                             "Send to N users?" message with Confirm / Cancel
//   Confirm                -> "running"; that message becomes the progress, edited in place
//   every user, ascending  -> claim (Store::mark_broadcast_recipient), load the user's chat
//                             (getChat) and the source message (getMessage), since
//                             TDLib knows no chat after a restart and unloads idle messages;
//                             then forwardMessages with send_copy, paced at
//                             BROADCAST_MESSAGES_PER_SECOND, and wait for the queued copy's
//                             outcome; 429 waits retry_after and tries the same user again;
//                             a user who blocked the bot (USER_IS_BLOCKED) or deleted the
//                             account ("User is deactivated") counts as "blocked" and is
//                             removed; the job's counts are stored after every user
//   restart                -> resume() continues every "running" job after the last claimed user
//
// Delivery is at most once per user: the claim ("claimed") is committed before the copy is
// requested, so a resumed job skips a claimed user whatever happened, and its outcome ("sent",
// "failed", "blocked") replaces the claim once known. The window in which a user can miss the
// message is a kill between that commit and the server taking the copy: while TDLib holds it
// queued (offline, or sitting out a flood wait) or while a claimed user's send waits out a 429.
// Users are reached one at a time, so a kill leaves at most one user per running job in that
// state; resume() names each such user ("claimed" with no outcome) once in a WARNING and marks
// them "unconfirmed"; they count for nobody. A copy
// TDLib answered as pending is never requested again.
//
// Why not exactly once: after a kill nothing tells whether Telegram took that one copy. TDLib
// keeps no queued message across a restart (no message database), a bot cannot list a chat's
// history (getChatHistory: 400 "The method is not available to bots"), and a private chat's
// message ids come from the bot's one sequence for all its private chats, so reading ids one by
// one (as UploadQueue does in LOG_CHANNEL, chat/uploads/unconfirmed_copies.hpp) has no bound on how
// many to read. Sending again would repeat the message whenever the kill fell after the server took
// it, which is most of the round trip: a missed message is the smaller harm.
//
// Sending pauses while the main bot is not connected, before the next claim, and while this node
// does not lead the chat side (ChatContext::leading): the leader resumes the job from the store,
// and the claims, atomic in the store, keep each user to one copy whichever node sends it. A job
// paused here that leads again reloads its counts from the store before its next claim.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/json/object.hpp>

#include "chat/chat_context.hpp"
#include "chat/messages/send_outcomes.hpp"
#include "store/store.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

struct BroadcastOptions {
  int messages_per_second = 25;                       // Telegram accepts about 30/s from a bot
  std::chrono::milliseconds progress_interval{3000};  // shortest time between progress edits
  int max_attempts = 5;                               // per user, for 429 and 5xx
  // For updateMessageSendSucceeded/Failed: TDLib waits flood waits of up to 60 s in all silently.
  std::chrono::seconds confirm_timeout{90};
  std::chrono::milliseconds connection_poll{250};
  std::function<bool()> bot_connected;  // empty = always connected
};

// How one user's copy ended.
enum class DeliveryOutcome { sent, failed, blocked };
// "sent", "failed", "blocked": the recipient's outcome in the store (a claim not yet ended is
// "claimed").
[[nodiscard]] std::string_view to_string(DeliveryOutcome outcome);

class Broadcaster {
 public:
  static constexpr std::string_view kButtonPrefix = "bc:";

  Broadcaster(ChatContext chat, BroadcastOptions options);

  // /broadcast from an admin: source_message_id is the message they replied to, in their chat.
  [[nodiscard]] boost::asio::awaitable<void> propose(std::int64_t admin_chat_id,
                                                     std::int64_t source_message_id);
  // updateNewCallbackQuery whose data starts with kButtonPrefix.
  [[nodiscard]] boost::asio::awaitable<void> on_button(boost::json::object query);
  // Continues every job a previous process left running. Call once, when the bot is ready.
  // The jobs are read on the store executor (ChatContext::on_store): this returns at once.
  void resume();
  // At shutdown, before the Telegram clients close: no user is claimed any more, the waits in
  // progress end, and this returns once every job has stopped (or after `limit`). A job stopped
  // so stays "running" and is resumed at the next start.
  [[nodiscard]] boost::asio::awaitable<void> stop(std::chrono::milliseconds limit);

  [[nodiscard]] static bool is_button(std::string_view data) {
    return data.starts_with(kButtonPrefix);
  }

 private:
  [[nodiscard]] boost::asio::awaitable<void> resume_unfinished();
  [[nodiscard]] boost::asio::awaitable<void> run(BroadcastJob job);
  [[nodiscard]] boost::asio::awaitable<void> reach(BroadcastJob& job, std::int64_t user_id);
  [[nodiscard]] boost::asio::awaitable<DeliveryOutcome> deliver(const BroadcastJob& job,
                                                                std::int64_t user_id);
  [[nodiscard]] boost::asio::awaitable<void> show_progress(const BroadcastJob& job, bool final);
  [[nodiscard]] boost::asio::awaitable<std::optional<TdError>> edit_progress(
      const BroadcastJob& job);
  // Waits while this node does not lead or the bot is offline, then for the send rate; answers
  // true when it waited for the lead (another node may have moved the job on meanwhile).
  [[nodiscard]] boost::asio::awaitable<bool> wait_for_turn();
  [[nodiscard]] boost::asio::awaitable<void> sleep(std::chrono::steady_clock::duration delay);
  [[nodiscard]] boost::asio::awaitable<void> answer(const boost::json::object& query,
                                                    std::string text);
  void spawn_run(BroadcastJob job);
  // Tells ChatContext::events, when set, how one recipient went.
  void report_delivery(DeliveryOutcome outcome) const;

  ChatContext chat_;
  BroadcastOptions options_;
  std::chrono::steady_clock::time_point next_send_{};
  std::chrono::steady_clock::time_point last_progress_{};
  // What stop() ends: the jobs' coroutines hold SendOutcomes, which must go before the client.
  bool stopping_ = false;
  int running_ = 0;
  std::set<std::int64_t> jobs_here_;  // ids of the jobs running (or paused) in this process
  std::set<SendOutcomes*> awaiting_;
  std::set<boost::asio::steady_timer*> sleeping_;
  boost::asio::steady_timer* stopped_ = nullptr;  // stop()'s wait, ended by the last job
};

// The progress text: "Broadcast running: 10 sent, 1 failed, 2 blocked, 87 remaining".
[[nodiscard]] std::string broadcast_progress_text(const BroadcastJob& job);

}  // namespace tglink
