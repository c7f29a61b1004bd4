#pragma once
// Copies a user's message into LOG_CHANNEL on Telegram's side (forwardMessages with
// send_copy = true: no download, no upload) and answers the real id of the copy.
//
// A link must never point at a message that does not exist, so the id is only answered once
// TDLib has confirmed the send (updateMessageSendSucceeded). Flood waits (429), FLOOD_WAIT (420)
// and server errors (5xx) are retried with exponential backoff, honouring "retry after N";
// anything else (no rights in the channel, message gone) fails at once.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

#include "chat/send_outcomes.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

struct CopyRetryPolicy {
  int attempts = 4;
  std::chrono::milliseconds first_delay{1000};  // doubled after each failure
  std::chrono::milliseconds max_delay{30000};
  std::chrono::milliseconds confirm_timeout{60000};  // for updateMessageSendSucceeded
};

struct CopyResult {
  std::optional<std::int64_t> message_id;  // the copy in the log channel, when it worked
  std::optional<TdError> error;            // the last error, when it did not
  int attempts = 0;
};

class LogChannelCopier {
 public:
  LogChannelCopier(TelegramClient& client, boost::asio::any_io_executor executor,
                   std::int64_t log_channel, CopyRetryPolicy policy);

  [[nodiscard]] boost::asio::awaitable<CopyResult> copy(std::int64_t from_chat_id,
                                                        std::int64_t message_id);

 private:
  [[nodiscard]] boost::asio::awaitable<CopyResult> copy_once(std::int64_t from_chat_id,
                                                             std::int64_t message_id);
  [[nodiscard]] boost::asio::awaitable<void> sleep(std::chrono::milliseconds delay);

  TelegramClient& client_;
  boost::asio::any_io_executor executor_;
  std::int64_t log_channel_;
  CopyRetryPolicy policy_;
  SendOutcomes outcomes_;
};

// Whether trying again later may help: 429, 420 and 5xx.
[[nodiscard]] bool is_retryable(const TdError& error);
// N from "Too Many Requests: retry after N" (or FLOOD_WAIT_N); nullopt when absent.
[[nodiscard]] std::optional<std::chrono::seconds> retry_after(const TdError& error);

// forwardMessages(chat_id = to, from_chat_id, [message_id], send_copy = true).
[[nodiscard]] boost::json::object copy_message_request(std::int64_t to_chat_id,
                                                       std::int64_t from_chat_id,
                                                       std::int64_t message_id);

}  // namespace tglink
