#include "media/file_locator.hpp"

#include <boost/json/object.hpp>

#include "telegram/telegram_client.hpp"

namespace tglink {

namespace json = boost::json;

FileLocator::FileLocator(TelegramClient& client, std::int64_t log_channel, std::size_t capacity)
    : client_(client), log_channel_(log_channel), cache_(capacity) {}

boost::asio::awaitable<bool> FileLocator::open_channel(std::string& detail) {
  if (channel_open_) co_return true;
  json::object request{{"@type", "getChat"}, {"chat_id", log_channel_}};
  const json::object answer = co_await client_.request(std::move(request));
  if (const std::optional<TdError> error = td_error(answer)) {
    detail = "getChat(LOG_CHANNEL " + std::to_string(log_channel_) +
             ") failed: " + std::to_string(error->code) + " " + error->message;
    co_return false;
  }
  channel_open_ = true;
  co_return true;
}

boost::asio::awaitable<LocateAnswer> FileLocator::locate(std::int64_t message_id) {
  if (const LocatedFile* cached = cache_.find(message_id)) {
    co_return LocateAnswer{LocateVerdict::Found, *cached, {}};
  }
  LocateAnswer result;
  if (!co_await open_channel(result.detail)) co_return result;
  json::object request{
      {"@type", "getMessage"}, {"chat_id", log_channel_}, {"message_id", message_id}};
  const json::object answer = co_await client_.request(std::move(request));
  if (const std::optional<TdError> error = td_error(answer)) {
    cache_.erase(message_id);
    result.verdict = error->code == 404 ? LocateVerdict::NotFound : LocateVerdict::Failed;
    result.detail = "getMessage(" + std::to_string(message_id) +
                    ") failed: " + std::to_string(error->code) + " " + error->message;
    co_return result;
  }
  std::optional<LocatedFile> file = file_from_message(answer);
  if (!file) {
    result.verdict = LocateVerdict::NotFound;
    result.detail = "message " + std::to_string(message_id) + " holds no file";
    co_return result;
  }
  cache_.put(message_id, *file);
  co_return LocateAnswer{LocateVerdict::Found, std::move(*file), {}};
}

}  // namespace tglink
