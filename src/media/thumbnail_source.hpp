#pragma once
// The poster of a video for the player page and GET /thumb/{id}: the thumbnail Telegram made
// when the video was sent (message content's `thumbnail`), fetched through the main bot with
// one synchronous downloadFile and kept. TDLib keeps the file in its own files directory, so a
// later downloadFile answers at once with no network; the bytes (a few KiB) are also kept here
// in a small LRU, so a page view costs no TDLib request at all.

#include <cstddef>
#include <cstdint>
#include <string>

#include <boost/asio/awaitable.hpp>

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
  // `client` (the main bot) must outlive this.
  ThumbnailSource(TelegramClient& client, std::int64_t log_channel, std::size_t capacity = 512);

  // The file a log-channel message holds, as this bot sees it (cached).
  [[nodiscard]] boost::asio::awaitable<LocateAnswer> describe(std::int64_t message_id);
  [[nodiscard]] boost::asio::awaitable<ThumbnailResult> thumbnail(std::int64_t message_id);

 private:
  [[nodiscard]] boost::asio::awaitable<ThumbnailResult> download(const LocatedFile& file);

  TelegramClient& client_;
  FileLocator locator_;
  LruCache<std::int64_t, ThumbnailResult> cache_;  // Found and NoThumbnail answers only
};

}  // namespace tglink
