#include "chat/messages/send_outcomes.hpp"

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "telegram/td_fields.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;

struct SendOutcomes::Waiter {
  explicit Waiter(const asio::any_io_executor& executor) : timer(executor) {}
  asio::steady_timer timer;
  std::optional<SendOutcome> outcome;
};

SendOutcome send_outcome_from_update(const json::object& update) {
  SendOutcome outcome;
  outcome.message_id = td_int53(update, "message.id").value_or(0);
  if (td_type(update) == "updateMessageSendFailed") {
    const json::object* error = td_object(update, "error");
    const std::optional<TdError> reported = error != nullptr ? td_error(*error) : std::nullopt;
    outcome.error = reported.value_or(TdError{500, "message was not sent"});
  }
  return outcome;
}

SendOutcomes::SendOutcomes(TelegramClient& client, asio::any_io_executor executor,
                           std::int64_t chat_id)
    : client_(client), executor_(std::move(executor)), chat_id_(chat_id) {
  auto handler = [this](const json::object& update) { on_update(update); };
  succeeded_subscription_ = client_.subscribe("updateMessageSendSucceeded", handler);
  failed_subscription_ = client_.subscribe("updateMessageSendFailed", handler);
}

SendOutcomes::~SendOutcomes() {
  client_.unsubscribe(succeeded_subscription_);
  client_.unsubscribe(failed_subscription_);
  for (auto& [id, waiter] : waiters_) waiter->timer.cancel();
}

void SendOutcomes::cancel_waits() {
  for (auto& [id, waiter] : waiters_) waiter->timer.cancel();
}

void SendOutcomes::on_update(const json::object& update) {
  if (td_int53(update, "message.chat_id") != chat_id_) return;
  const std::int64_t temporary_id = td_int53(update, "old_message_id").value_or(0);
  SendOutcome outcome = send_outcome_from_update(update);
  auto found = waiters_.find(temporary_id);
  if (found == waiters_.end()) return keep_unclaimed(temporary_id, std::move(outcome));
  found->second->outcome = std::move(outcome);
  found->second->timer.cancel();
}

void SendOutcomes::keep_unclaimed(std::int64_t temporary_id, SendOutcome outcome) {
  if (unclaimed_order_.size() >= kMaxUnclaimed) {
    unclaimed_.erase(unclaimed_order_.front());
    unclaimed_order_.pop_front();
  }
  unclaimed_[temporary_id] = std::move(outcome);
  unclaimed_order_.push_back(temporary_id);
}

asio::awaitable<std::optional<SendOutcome>> SendOutcomes::wait(
    std::int64_t temporary_id, std::chrono::steady_clock::duration timeout) {
  auto early = unclaimed_.find(temporary_id);
  if (early != unclaimed_.end()) {
    SendOutcome outcome = std::move(early->second);
    unclaimed_.erase(early);
    std::erase(unclaimed_order_, temporary_id);
    co_return outcome;
  }
  auto waiter = std::make_shared<Waiter>(executor_);
  waiters_[temporary_id] = waiter;
  waiter->timer.expires_after(timeout);
  boost::system::error_code ignored;
  co_await waiter->timer.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
  waiters_.erase(temporary_id);
  co_return waiter->outcome;
}

}  // namespace tglink
