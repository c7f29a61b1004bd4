#pragma once
// The poster of a video for the player page and GET /thumb/{id}: the thumbnail Telegram made
// when the video was sent (message content's `thumbnail`), fetched with one synchronous
// downloadFile and kept. TDLib keeps the file in its own files directory, so a later
// downloadFile answers at once with no network; the bytes (a few KiB) are also kept here in a
// small LRU, so a page view costs no TDLib request at all.
//
// Any connected bot that can read LOG_CHANNEL will do, as for streams (telegram_file_streamer):
// the main bot first, then the others in order, each through its own file ids (a file id is
// valid only in the client that gave it). So a poster is served while the main bot is offline;
// 503 only when no connected bot can fetch it.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/awaitable.hpp>

#include "media/bot_roster.hpp"
#include "media/file_locator.hpp"
#include "media/lru_cache.hpp"

namespace tglink {

class TelegramClient;

enum class ThumbnailStatus {
  Found,
  NoThumbnail,  // the message's file has none (a document, audio, ...): 404
  NotFound,     // no such message, or no file in it: 404
  Unavailable,  // the bot cannot reach Telegram or the channel now: 503
};

struct ThumbnailResult {
  ThumbnailStatus status = ThumbnailStatus::NotFound;
  std::string bytes;      // the image, when Found
  std::string mime_type;  // "image/jpeg", "image/png" or "image/webp", when Found
  std::string detail;     // why not, for logs
};

// Thumbnails are small; one larger than this is refused rather than held in memory.
inline constexpr std::int64_t kMaxThumbnailBytes = 1 << 20;

class ThumbnailSource {
 public:
  // `bots`: every bot, the main bot at index 0. `capacity` bounds each bot's locator cache and
  // the thumbnail cache.
  ThumbnailSource(std::unique_ptr<BotRoster> bots, std::int64_t log_channel,
                  std::size_t capacity = 512);

  // The file a log-channel message holds, as the first connected bot that can read the channel
  // sees it (cached per bot); Failed when none can.
  [[nodiscard]] boost::asio::awaitable<LocateAnswer> describe(std::int64_t message_id);
  [[nodiscard]] boost::asio::awaitable<ThumbnailResult> thumbnail(std::int64_t message_id);

 private:
  [[nodiscard]] FileLocator& locator(std::size_t bot);
  // The thumbnail as bot `bot` fetches it; Unavailable sends the caller on to the next bot.
  [[nodiscard]] boost::asio::awaitable<ThumbnailResult> fetch(std::size_t bot,
                                                              std::int64_t message_id);
  [[nodiscard]] boost::asio::awaitable<ThumbnailResult> download(TelegramClient& client,
                                                                 const LocatedFile& file);

  std::unique_ptr<BotRoster> bots_;
  std::int64_t log_channel_;
  std::size_t capacity_;
  std::vector<std::unique_ptr<FileLocator>> locators_;  // per bot, made when first asked
  LruCache<std::int64_t, ThumbnailResult> cache_;       // Found and NoThumbnail answers only
};

}  // namespace tglink
