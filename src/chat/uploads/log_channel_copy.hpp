#pragma once
// Copies a user's message into LOG_CHANNEL on Telegram's side (forwardMessages with
// send_copy = true: no download, no upload) and answers the real id of the copy.
//
// Before the copy, the source is loaded (chat/messages/message_loading.hpp): the user's chat (after
// a restart TDLib does not know it) and the message (bots unload messages about 30 minutes after
// their last use, and forwarding an unloaded message answers null).
//
// A link must never point at a message that does not exist, so the id is only answered once
// TDLib has confirmed the send (updateMessageSendSucceeded). A pending copy is waited for however
// long it takes (TDLib holds it while offline or waiting out a flood wait) and is never sent
// again: that would post a duplicate. Only a request TDLib refused outright, or a send it
// reported failed, is tried again: flood waits (429), FLOOD_WAIT (420) and server errors (5xx),
// with exponential backoff, honouring "retry after N"; anything else (no rights in the channel,
// message gone) fails at once.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

#include "chat/messages/send_outcomes.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

struct CopyRetryPolicy {
  int attempts = 4;
  std::chrono::milliseconds first_delay{1000};  // doubled after each failure
  std::chrono::milliseconds max_delay{30000};   // of the backoff; "retry after N" is honoured
  // A copy not confirmed by then, or a retry waiting longer, is reported late (LateCopy).
  std::chrono::milliseconds late_after{10000};
};

// Told, at most once per copy, that the copy will be late and about how long it may take.
using LateCopy = std::function<boost::asio::awaitable<void>(std::chrono::seconds expected)>;

// TDLib waits out flood waits of up to this long itself before failing a send, so a pending
// copy is expected within about this time once Telegram is reachable.
inline constexpr std::chrono::seconds kTdlibSilentFloodWait{60};

struct CopyResult {
  std::optional<std::int64_t> message_id;  // the copy in the log channel, when it worked
  std::optional<TdError> error;            // the last error, when it did not
  int attempts = 0;
};

class LogChannelCopier {
 public:
  LogChannelCopier(TelegramClient& client, boost::asio::any_io_executor executor,
                   std::int64_t log_channel, CopyRetryPolicy policy);

  // `late` (may be empty) is awaited at most once, when the copy turns out late.
  [[nodiscard]] boost::asio::awaitable<CopyResult> copy(std::int64_t from_chat_id,
                                                        std::int64_t message_id,
                                                        LateCopy late = {});

 private:
  [[nodiscard]] boost::asio::awaitable<CopyResult> copy_once(std::int64_t from_chat_id,
                                                             std::int64_t message_id,
                                                             LateCopy& late);
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
