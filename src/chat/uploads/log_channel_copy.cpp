#include "chat/uploads/log_channel_copy.hpp"

#include <algorithm>
#include <charconv>
#include <utility>

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json/array.hpp>

#include "chat/messages/message_loading.hpp"
#include "telegram/td_fields.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {

std::optional<std::int64_t> number_after(std::string_view text, std::string_view marker) {
  const std::size_t at = text.find(marker);
  if (at == std::string_view::npos) return std::nullopt;
  const std::string_view digits = text.substr(at + marker.size());
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec != std::errc() || end == digits.data()) return std::nullopt;
  return value;
}

// The temporary (or, if already sent, final) message in forwardMessages' answer.
std::optional<json::object> first_message(const json::object& answer) {
  const json::array* messages = td_array(answer, "messages");
  if (messages == nullptr || messages->empty() || !messages->front().is_object()) {
    return std::nullopt;
  }
  return messages->front().get_object();
}

CopyResult failure(std::int32_t code, std::string message) {
  return CopyResult{std::nullopt, TdError{code, std::move(message)}, 0};
}

}  // namespace

bool is_retryable(const TdError& error) {
  return error.code == 429 || error.code == 420 || error.code >= 500;
}

std::optional<std::chrono::seconds> retry_after(const TdError& error) {
  for (const std::string_view marker : {"retry after ", "FLOOD_WAIT_"}) {
    if (auto seconds = number_after(error.message, marker)) return std::chrono::seconds(*seconds);
  }
  return std::nullopt;
}

json::object copy_message_request(std::int64_t to_chat_id, std::int64_t from_chat_id,
                                  std::int64_t message_id) {
  return json::object{{"@type", "forwardMessages"},
                      {"chat_id", to_chat_id},
                      {"message_thread_id", 0},
                      {"from_chat_id", from_chat_id},
                      {"message_ids", json::array{message_id}},
                      {"send_copy", true},
                      {"remove_caption", false}};
}

LogChannelCopier::LogChannelCopier(TelegramClient& client, asio::any_io_executor executor,
                                   std::int64_t log_channel, CopyRetryPolicy policy)
    : client_(client),
      executor_(executor),
      log_channel_(log_channel),
      policy_(policy),
      outcomes_(client, executor, log_channel) {}

asio::awaitable<CopyResult> LogChannelCopier::copy(std::int64_t from_chat_id,
                                                   std::int64_t message_id, LateCopy late) {
  std::chrono::milliseconds delay = policy_.first_delay;
  CopyResult result;
  for (int attempt = 1; attempt <= policy_.attempts; ++attempt) {
    result = co_await copy_once(from_chat_id, message_id, late);
    result.attempts = attempt;
    if (result.message_id || !result.error || !is_retryable(*result.error)) co_return result;
    if (attempt == policy_.attempts) break;
    const auto asked = retry_after(*result.error);
    const std::chrono::milliseconds wait =
        asked ? std::max<std::chrono::milliseconds>(delay, *asked) : delay;
    if (wait >= policy_.late_after && late) {
      co_await std::exchange(late, LateCopy())(std::chrono::ceil<std::chrono::seconds>(wait));
    }
    co_await sleep(wait);
    delay = std::min(policy_.max_delay, delay * 2);
  }
  co_return result;
}

asio::awaitable<CopyResult> LogChannelCopier::copy_once(std::int64_t from_chat_id,
                                                        std::int64_t message_id, LateCopy& late) {
  if (auto error = co_await load_message(client_, from_chat_id, message_id)) {
    co_return CopyResult{std::nullopt, *error, 0};
  }
  json::object request = copy_message_request(log_channel_, from_chat_id, message_id);
  const json::object answer = co_await client_.request(std::move(request));
  if (auto error = td_error(answer)) co_return CopyResult{std::nullopt, *error, 0};
  const std::optional<json::object> message = first_message(answer);
  if (!message) co_return failure(400, "Telegram could not copy this message");
  const std::int64_t temporary_id = td_int53(*message, "id").value_or(0);
  if (!message->contains("sending_state")) co_return CopyResult{temporary_id, std::nullopt, 0};
  std::optional<SendOutcome> outcome = co_await outcomes_.wait(temporary_id, policy_.late_after);
  if (!outcome) {
    if (late) co_await std::exchange(late, LateCopy())(kTdlibSilentFloodWait);
    // Pending: TDLib will send it once it can. Sending it again would post a duplicate.
    outcome = co_await outcomes_.wait(temporary_id, SendOutcomes::kForever);
  }
  if (!outcome) co_return failure(500, "Telegram never confirmed the copy");
  if (outcome->error) co_return CopyResult{std::nullopt, outcome->error, 0};
  co_return CopyResult{outcome->message_id, std::nullopt, 0};
}

asio::awaitable<void> LogChannelCopier::sleep(std::chrono::milliseconds delay) {
  asio::steady_timer timer(executor_, delay);
  boost::system::error_code ignored;
  co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
}

}  // namespace tglink
