#include "media/thumbnail_source.hpp"

#include <boost/json/object.hpp>

#include "core/small_file.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/td_object.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

namespace json = boost::json;

namespace {

ThumbnailResult unavailable(std::string detail) {
  ThumbnailResult result;
  result.status = ThumbnailStatus::Unavailable;
  result.detail = std::move(detail);
  return result;
}

}  // namespace

ThumbnailSource::ThumbnailSource(std::unique_ptr<BotRoster> bots, std::int64_t log_channel,
                                 std::size_t capacity)
    : bots_(std::move(bots)),
      log_channel_(log_channel),
      capacity_(capacity),
      locators_(bots_->size()),
      cache_(capacity) {}

FileLocator& ThumbnailSource::locator(std::size_t bot) {
  std::unique_ptr<FileLocator>& slot = locators_.at(bot);
  if (!slot) slot = std::make_unique<FileLocator>(bots_->client(bot), log_channel_, capacity_);
  return *slot;
}

boost::asio::awaitable<LocateAnswer> ThumbnailSource::describe(std::int64_t message_id) {
  LocateAnswer answer;
  answer.detail = "no connected bot";
  for (std::size_t bot = 0; bot < bots_->size(); ++bot) {
    if (!bots_->connected(bot)) continue;
    answer = co_await locator(bot).locate(message_id);
    if (answer.verdict != LocateVerdict::Failed) co_return answer;
  }
  co_return answer;
}

boost::asio::awaitable<ThumbnailResult> ThumbnailSource::thumbnail(std::int64_t message_id) {
  if (const ThumbnailResult* cached = cache_.find(message_id)) co_return *cached;
  ThumbnailResult result = unavailable("no connected bot");
  for (std::size_t bot = 0; bot < bots_->size(); ++bot) {
    if (!bots_->connected(bot)) continue;
    result = co_await fetch(bot, message_id);
    if (result.status != ThumbnailStatus::Unavailable) break;
  }
  if (result.status == ThumbnailStatus::Found || result.status == ThumbnailStatus::NoThumbnail) {
    cache_.put(message_id, result);
  }
  co_return result;
}

boost::asio::awaitable<ThumbnailResult> ThumbnailSource::fetch(std::size_t bot,
                                                               std::int64_t message_id) {
  const LocateAnswer located = co_await locator(bot).locate(message_id);
  if (located.verdict == LocateVerdict::Failed) co_return unavailable(located.detail);
  ThumbnailResult result;
  if (located.verdict == LocateVerdict::NotFound) {
    result.detail = located.detail;
    co_return result;
  }
  if (located.located.thumbnail_file_id == 0) {
    result.status = ThumbnailStatus::NoThumbnail;
    co_return result;
  }
  co_return co_await download(bots_->client(bot), located.located);
}

// downloadFile with synchronous = true answers once the whole file is on disk.
boost::asio::awaitable<ThumbnailResult> ThumbnailSource::download(TelegramClient& client,
                                                                  const LocatedFile& file) {
  json::object request{{"@type", "downloadFile"},
                       {"file_id", file.thumbnail_file_id},
                       {"priority", 1},
                       {"offset", 0},
                       {"limit", 0},
                       {"synchronous", true}};
  const json::object answer = co_await client.request(std::move(request));
  if (const std::optional<TdError> error = td_error(answer)) {
    co_return unavailable("downloadFile(thumbnail " + std::to_string(file.thumbnail_file_id) +
                          ") failed: " + std::to_string(error->code) + " " + error->message);
  }
  const std::optional<std::string_view> path = td_string(answer, "local.path");
  if (!path || !td_bool(answer, "local.is_downloading_completed").value_or(false)) {
    co_return unavailable("the thumbnail's download did not complete");
  }
  std::optional<std::string> bytes = read_small_file(std::string(*path), kMaxThumbnailBytes);
  if (!bytes) co_return unavailable("the thumbnail file could not be read");
  ThumbnailResult result;
  result.status = ThumbnailStatus::Found;
  result.bytes = std::move(*bytes);
  result.mime_type = file.thumbnail_mime_type;
  co_return result;
}

}  // namespace tglink
