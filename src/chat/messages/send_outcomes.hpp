#pragma once
// Waits for the end of a message TDLib was sending into one chat. TDLib answers a send or a
// forward with a temporary message at once; the real message id comes later, in
// updateMessageSendSucceeded (or the error in updateMessageSendFailed), keyed by the temporary
// id. Those updates can arrive before the coroutine that sent the message has resumed, so
// outcomes nobody waits for yet are kept (a bounded number) until someone asks.

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "telegram/telegram_client.hpp"

namespace tglink {

struct SendOutcome {
  std::int64_t message_id = 0;   // the real id when it succeeded
  std::optional<TdError> error;  // set when it failed
};

class SendOutcomes {
 public:
  static constexpr std::size_t kMaxUnclaimed = 1024;
  // A timeout for waiting as long as it takes (TDLib always reports a send's end).
  static constexpr std::chrono::hours kForever{24 * 365};

  // Follows messages sent into chat_id only.
  SendOutcomes(TelegramClient& client, boost::asio::any_io_executor executor, std::int64_t chat_id);
  ~SendOutcomes();
  SendOutcomes(const SendOutcomes&) = delete;
  SendOutcomes& operator=(const SendOutcomes&) = delete;

  // The outcome of the message whose temporary id is temporary_id; nullopt when none came
  // within timeout.
  [[nodiscard]] boost::asio::awaitable<std::optional<SendOutcome>> wait(
      std::int64_t temporary_id, std::chrono::steady_clock::duration timeout);
  // Ends every wait now, without an outcome (as a timeout would).
  void cancel_waits();

 private:
  struct Waiter;

  void on_update(const boost::json::object& update);
  void keep_unclaimed(std::int64_t temporary_id, SendOutcome outcome);

  TelegramClient& client_;
  boost::asio::any_io_executor executor_;
  std::int64_t chat_id_;
  SubscriptionId succeeded_subscription_ = 0;
  SubscriptionId failed_subscription_ = 0;
  std::map<std::int64_t, std::shared_ptr<Waiter>> waiters_;
  std::map<std::int64_t, SendOutcome> unclaimed_;
  std::deque<std::int64_t> unclaimed_order_;
};

// The outcome carried by an updateMessageSendSucceeded / updateMessageSendFailed.
[[nodiscard]] SendOutcome send_outcome_from_update(const boost::json::object& update);

}  // namespace tglink
