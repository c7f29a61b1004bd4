#include "chat/commands/broadcast_jobs.hpp"

#include <algorithm>
#include <charconv>
#include <exception>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <fmt/format.h>

#include "chat/chat_events.hpp"
#include "chat/messages/callback_query.hpp"
#include "chat/messages/message_edit.hpp"
#include "chat/messages/message_loading.hpp"
#include "chat/uploads/log_channel_copy.hpp"
#include "config/config.hpp"
#include "logging/log.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;
using Steady = std::chrono::steady_clock;

namespace {

constexpr int kUsersPerPage = 200;
constexpr std::string_view kConfirm = "confirm:";
constexpr std::string_view kCancel = "cancel:";

std::int64_t remaining(const BroadcastJob& job) {
  return std::max<std::int64_t>(0, job.total - job.sent - job.failed - job.blocked);
}

// The job id after `prefix` in a button's data, or 0.
std::int64_t job_id_after(std::string_view data, std::string_view prefix) {
  if (!data.starts_with(prefix)) return 0;
  data.remove_prefix(prefix.size());
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(data.data(), data.data() + data.size(), id);
  return ec == std::errc() && end == data.data() + data.size() ? id : 0;
}

// The user can never be reached again: the server's USER_IS_BLOCKED, which TDLib 1.8.67 passes on
// as it is (403; matched whatever the code, since it has been seen as 400 for albums,
// tucnak/telebot#669), and its 403 "User is deactivated" for a deleted account
// (MessagesManager::process_send_message_fail_error).
// Any other refusal, such as 403 "Bot can't initiate conversation with a user", keeps the user.
bool is_unreachable(const TdError& error) {
  return error.message == "USER_IS_BLOCKED" ||
         (error.code == 403 && error.message == "User is deactivated");
}

DeliveryOutcome outcome_of(const TdError& error) {
  return is_unreachable(error) ? DeliveryOutcome::blocked : DeliveryOutcome::failed;
}

// The copy in a forwardMessages answer; null when TDLib could not copy the message (for one it
// does not hold, it answers null rather than an error).
const json::object* first_copy(const json::object& answer) {
  const json::array* messages = td_array(answer, "messages");
  if (messages == nullptr || messages->empty()) return nullptr;
  return messages->front().if_object();
}

// Keeps `item` in `set` while it lives, so Broadcaster::stop() can reach it.
template <typename T>
class Registered {
 public:
  Registered(std::set<T*>& set, T& item) : set_(set), item_(&item) { set_.insert(item_); }
  ~Registered() { set_.erase(item_); }
  Registered(const Registered&) = delete;
  Registered& operator=(const Registered&) = delete;

 private:
  std::set<T*>& set_;
  T* item_;
};

}  // namespace

std::string_view to_string(DeliveryOutcome outcome) {
  switch (outcome) {
    case DeliveryOutcome::sent:
      return "sent";
    case DeliveryOutcome::blocked:
      return "blocked";
    case DeliveryOutcome::failed:
      break;
  }
  return "failed";
}

std::string broadcast_progress_text(const BroadcastJob& job) {
  const std::string_view state = job.state == "done"        ? "finished"
                                 : job.state == "cancelled" ? "cancelled"
                                                            : "running";
  return fmt::format("Broadcast {}: {} sent, {} failed, {} blocked, {} remaining", state, job.sent,
                     job.failed, job.blocked, remaining(job));
}

Broadcaster::Broadcaster(ChatContext chat, BroadcastOptions options)
    : chat_(std::move(chat)), options_(std::move(options)) {
  options_.messages_per_second = std::max(1, options_.messages_per_second);
}

asio::awaitable<void> Broadcaster::propose(std::int64_t admin_chat_id,
                                           std::int64_t source_message_id) {
  BroadcastJob job;
  job.admin_chat_id = admin_chat_id;
  job.source_chat_id = admin_chat_id;
  job.source_message_id = source_message_id;
  job.state = "pending";
  co_await chat_.on_store([&job](Store& store) {
    job.total = store.count_users();
    job.id = store.create_broadcast(job);
  });
  std::optional<TdError> error =
      co_await load_message(chat_.client, admin_chat_id, source_message_id);
  if (!error) {
    json::object preview = copy_message_request(admin_chat_id, admin_chat_id, source_message_id);
    const json::object copied = co_await chat_.client.request(std::move(preview));
    error = td_error(copied);
    if (!error && first_copy(copied) == nullptr) error = TdError{400, "message not found"};
  }
  if (error) {
    Reply gone = plain_reply("That message cannot be copied (" + error->message +
                             "). Reply to another message with /broadcast.");
    co_await chat_.reply(admin_chat_id, std::move(gone));
    co_return;
  }
  Reply ask = plain_reply(fmt::format("Broadcast preview above. Send it to {} users?", job.total));
  const std::string id = std::to_string(job.id);
  ask.keyboard.push_back({InlineButton::callback("Confirm", "bc:confirm:" + id),
                          InlineButton::callback("Cancel", "bc:cancel:" + id)});
  co_await chat_.reply(admin_chat_id, std::move(ask));
}

asio::awaitable<void> Broadcaster::on_button(json::object query) {
  const std::int64_t user_id = td_int53(query, "sender_user_id").value_or(0);
  const std::string data = callback_data(query).substr(kButtonPrefix.size());
  const std::int64_t confirm_id = job_id_after(data, kConfirm);
  const std::int64_t job_id = confirm_id != 0 ? confirm_id : job_id_after(data, kCancel);
  std::optional<BroadcastJob> job;
  if (job_id != 0) {
    co_await chat_.on_store([&](Store& store) { job = store.find_broadcast(job_id); });
  }
  if (!chat_.config.is_admin(user_id) || !job || job->admin_chat_id != user_id) {
    std::string refused = "This button is not for you.";
    co_await answer(query, std::move(refused));
    co_return;
  }
  if (job->state != "pending") {
    std::string already = "This broadcast is already " + job->state + ".";
    co_await answer(query, std::move(already));
    co_return;
  }
  job->progress_message_id = td_int53(query, "message_id").value_or(0);
  job->state = confirm_id != 0 ? "running" : "cancelled";
  co_await chat_.on_store([&job](Store& store) { store.update_broadcast(*job); });
  chat_.log.info("Admin {} {} broadcast {}", user_id, confirm_id != 0 ? "started" : "cancelled",
                 job->id);
  std::string answered = confirm_id != 0 ? "Broadcast started." : "Broadcast cancelled.";
  co_await answer(query, std::move(answered));
  co_await show_progress(*job, true);
  if (confirm_id != 0) spawn_run(std::move(*job));
}

void Broadcaster::resume() {
  asio::co_spawn(chat_.executor, resume_unfinished(), [this](const std::exception_ptr& failure) {
    if (!failure) return;
    try {
      std::rethrow_exception(failure);
    } catch (const std::exception& e) {
      chat_.log.error("Broadcasts not resumed: {}", e.what());
    }
  });
}

asio::awaitable<void> Broadcaster::resume_unfinished() {
  std::vector<BroadcastJob> jobs;
  co_await chat_.on_store([&jobs](Store& store) { jobs = store.unfinished_broadcasts(); });
  for (BroadcastJob& job : jobs) {
    if (jobs_here_.contains(job.id)) continue;  // paused here while another node led
    chat_.log.info("Resuming broadcast {}: {} sent so far", job.id, job.sent);
    const std::int64_t job_id = job.id;
    std::vector<std::int64_t> claimed;
    co_await chat_.on_store([&](Store& store) {
      claimed = store.broadcast_recipients_with(job_id, "claimed");
      for (const std::int64_t user_id : claimed) {
        store.set_broadcast_recipient_outcome(job_id, user_id, "unconfirmed");
      }
    });
    for (const std::int64_t user_id : claimed) {
      chat_.log.warning(
          "Broadcast {}: user {} was being sent the message when the previous run stopped; "
          "Telegram may or may not have it, and it is not sent again",
          job.id, user_id);
    }
    if (jobs_here_.contains(job.id)) continue;  // started here while the store was read
    spawn_run(std::move(job));
  }
}

asio::awaitable<void> Broadcaster::stop(std::chrono::milliseconds limit) {
  stopping_ = true;
  for (SendOutcomes* outcomes : awaiting_) outcomes->cancel_waits();
  for (asio::steady_timer* timer : sleeping_) timer->cancel();
  if (running_ == 0) co_return;
  asio::steady_timer done(chat_.executor, limit);
  stopped_ = &done;
  boost::system::error_code ignored;
  co_await done.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
  stopped_ = nullptr;
  if (running_ > 0) chat_.log.warning("{} broadcast(s) did not stop in time", running_);
}

void Broadcaster::spawn_run(BroadcastJob job) {
  const std::int64_t id = job.id;
  ++running_;
  jobs_here_.insert(id);
  asio::co_spawn(chat_.executor, run(std::move(job)),
                 [this, id](const std::exception_ptr& failure) {
                   --running_;
                   jobs_here_.erase(id);
                   if (running_ == 0 && stopped_ != nullptr) stopped_->cancel();
                   if (!failure) return;
                   try {
                     std::rethrow_exception(failure);
                   } catch (const std::exception& e) {
                     chat_.log.error("Broadcast {} stopped: {}", id, e.what());
                   }
                 });
}

asio::awaitable<void> Broadcaster::run(BroadcastJob job) {
  std::int64_t after = 0;
  for (;;) {
    std::vector<std::int64_t> users;
    co_await chat_.on_store(
        [&users, after](Store& store) { users = store.list_user_ids(after, kUsersPerPage); });
    if (users.empty()) break;
    for (const std::int64_t user_id : users) {
      if (stopping_) co_return;  // still "running": resumed at the next start
      after = user_id;
      co_await reach(job, user_id);
      if (job.state != "running") co_return;  // finished or cancelled by another node
    }
  }
  jobs_here_.erase(job.id);  // every user reached: only the final progress edit is left
  job.state = "done";
  co_await chat_.on_store([&job](Store& store) { store.update_broadcast(job); });
  if (chat_.events != nullptr) chat_.events->broadcast_finished();
  chat_.log.info("Broadcast {} finished: {} sent, {} failed, {} blocked", job.id, job.sent,
                 job.failed, job.blocked);
  co_await show_progress(job, true);
}

void Broadcaster::report_delivery(DeliveryOutcome outcome) const {
  if (chat_.events == nullptr) return;
  switch (outcome) {
    case DeliveryOutcome::sent:
      chat_.events->broadcast_delivered("sent");
      break;
    case DeliveryOutcome::failed:
      chat_.events->broadcast_delivered("failed");
      break;
    case DeliveryOutcome::blocked:
      chat_.events->broadcast_delivered("blocked");
      break;
  }
}

asio::awaitable<void> Broadcaster::reach(BroadcastJob& job, std::int64_t user_id) {
  const std::int64_t job_id = job.id;
  bool done = false;
  co_await chat_.on_store(
      [&, job_id](Store& store) { done = store.broadcast_recipient_done(job_id, user_id); });
  if (done) co_return;
  if (co_await wait_for_turn()) {
    // Another node may have led meanwhile and moved this job on: its counts are in the store.
    std::optional<BroadcastJob> stored;
    co_await chat_.on_store([&, job_id](Store& store) {
      stored = store.find_broadcast(job_id);
      done = stored && store.broadcast_recipient_done(job_id, user_id);
    });
    if (!stored) co_return;
    job = *stored;
    if (job.state != "running" || done) co_return;
  }
  if (stopping_) co_return;
  // The claim: committed before the copy is requested (at most once, see the header).
  bool claimed = false;
  co_await chat_.on_store([&, job_id](Store& store) {
    claimed = store.mark_broadcast_recipient(job_id, user_id, "claimed");
  });
  if (!claimed) co_return;
  const DeliveryOutcome outcome = co_await deliver(job, user_id);
  report_delivery(outcome);
  if (outcome == DeliveryOutcome::sent) ++job.sent;
  if (outcome == DeliveryOutcome::failed) ++job.failed;
  if (outcome == DeliveryOutcome::blocked) ++job.blocked;
  job.total = std::max(job.total, job.sent + job.failed + job.blocked);
  const BroadcastJob counts = job;
  co_await chat_.on_store([&, job_id](Store& store) {
    store.set_broadcast_recipient_outcome(job_id, user_id, std::string(to_string(outcome)));
    if (outcome == DeliveryOutcome::blocked) store.delete_user(user_id);
    store.update_broadcast(counts);
  });
  co_await show_progress(job, false);
}

asio::awaitable<DeliveryOutcome> Broadcaster::deliver(const BroadcastJob& job,
                                                      std::int64_t user_id) {
  for (int attempt = 1;; ++attempt) {
    SendOutcomes outcomes(chat_.client, chat_.executor, user_id);
    const Registered<SendOutcomes> stoppable(awaiting_, outcomes);
    // TDLib copies only from a message it holds into a chat it has loaded (message_loading.hpp).
    std::optional<TdError> error = co_await load_chat(chat_.client, user_id);
    if (!error) {
      error = co_await load_message(chat_.client, job.source_chat_id, job.source_message_id);
    }
    if (!error) {
      json::object copy = copy_message_request(user_id, job.source_chat_id, job.source_message_id);
      const json::object answer = co_await chat_.client.request(std::move(copy));
      error = td_error(answer);
      const json::object* message = error ? nullptr : first_copy(answer);
      if (!error && message == nullptr) co_return DeliveryOutcome::failed;
      if (!error && !message->contains("sending_state")) co_return DeliveryOutcome::sent;
      if (!error) {
        // Queued: the outcome comes later, after any flood wait TDLib sits out silently.
        const std::optional<SendOutcome> outcome =
            co_await outcomes.wait(td_int53(*message, "id").value_or(0), options_.confirm_timeout);
        if (!outcome) co_return DeliveryOutcome::failed;
        if (!outcome->error) co_return DeliveryOutcome::sent;
        error = outcome->error;
      }
    }
    if (!is_retryable(*error) || attempt >= options_.max_attempts) {
      chat_.log.debug("Broadcast {} to {}: {} {}", job.id, user_id, error->code, error->message);
      co_return outcome_of(*error);
    }
    const auto wait = retry_after(*error).value_or(std::chrono::seconds(1));
    chat_.log.warning("Broadcast {}: Telegram asks to wait {} s", job.id, wait.count());
    co_await sleep(wait);
    if (stopping_) co_return DeliveryOutcome::failed;
  }
}

asio::awaitable<void> Broadcaster::show_progress(const BroadcastJob& job, bool final) {
  const Steady::time_point now = Steady::now();
  if (!final && now - last_progress_ < options_.progress_interval) co_return;
  last_progress_ = now;
  if (job.progress_message_id == 0) co_return;
  std::optional<TdError> error = co_await edit_progress(job);
  if (error && needs_reload(*error)) {
    // After a restart or a long pause TDLib no longer holds the chat or the message: load them.
    error = co_await load_message(chat_.client, job.admin_chat_id, job.progress_message_id);
    if (!error) error = co_await edit_progress(job);
  }
  if (error) chat_.log.debug("Broadcast {} progress not shown: {}", job.id, error->message);
}

asio::awaitable<std::optional<TdError>> Broadcaster::edit_progress(const BroadcastJob& job) {
  json::object edit = edit_text_request(job.admin_chat_id, job.progress_message_id,
                                        plain_reply(broadcast_progress_text(job)));
  const json::object answer = co_await chat_.client.request(std::move(edit));
  co_return edit_error(answer);
}

asio::awaitable<bool> Broadcaster::wait_for_turn() {
  const Steady::time_point now = Steady::now();
  if (next_send_ > now) co_await sleep(next_send_ - now);
  const auto gap = std::chrono::duration_cast<Steady::duration>(std::chrono::seconds(1)) /
                   options_.messages_per_second;
  next_send_ = std::max(next_send_, now) + gap;
  while (!stopping_ && options_.bot_connected && !options_.bot_connected()) {
    co_await sleep(options_.connection_poll);
  }
  // Last, with no wait after it: the claim that follows is made only while leading.
  bool waited_for_lead = false;
  while (!stopping_ && !chat_.leads()) {
    waited_for_lead = true;
    co_await sleep(options_.connection_poll);
  }
  co_return waited_for_lead;
}

asio::awaitable<void> Broadcaster::sleep(Steady::duration delay) {
  if (stopping_) co_return;
  asio::steady_timer timer(chat_.executor, delay);
  const Registered<asio::steady_timer> stoppable(sleeping_, timer);
  boost::system::error_code ignored;
  co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
}

asio::awaitable<void> Broadcaster::answer(const json::object& query, std::string text) {
  co_await chat_.client.request(answer_callback(query, std::move(text)));
}

}  // namespace tglink
