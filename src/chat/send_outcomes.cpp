#include "chat/send_outcomes.hpp"

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;

struct SendOutcomes::Waiter {
  explicit Waiter(const asio::any_io_executor& executor) : timer(executor) {}
  asio::steady_timer timer;
  std::optional<SendOutcome> outcome;
};

namespace {

std::int64_t int_at(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  return value != nullptr && value->is_int64() ? value->get_int64() : 0;
}

const json::object& object_at(const json::object& object, std::string_view key) {
  static const json::object kEmpty;
  const json::value* value = object.if_contains(key);
  return value != nullptr && value->is_object() ? value->get_object() : kEmpty;
}

}  // namespace

SendOutcome send_outcome_from_update(const json::object& update) {
  SendOutcome outcome;
  outcome.message_id = int_at(object_at(update, "message"), "id");
  if (td_type(update) == "updateMessageSendFailed") {
    const json::object& error = object_at(update, "error");
    outcome.error = td_error(error).value_or(TdError{500, "message was not sent"});
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
  if (int_at(object_at(update, "message"), "chat_id") != chat_id_) return;
  const std::int64_t temporary_id = int_at(update, "old_message_id");
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
