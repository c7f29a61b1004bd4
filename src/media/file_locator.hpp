#pragma once
// One bot's way from a log-channel message id to the file in it: getChat(LOG_CHANNEL) once
// (a bot cannot read a chat TDLib has not loaded), then getMessage, then the answer is cached.
// File ids are per bot, so each bot has its own FileLocator.

#include <cstddef>
#include <cstdint>
#include <string>

#include <boost/asio/awaitable.hpp>

#include "media/lru_cache.hpp"
#include "media/message_file.hpp"

namespace tglink {

class TelegramClient;

enum class LocateVerdict {
  Found,
  NotFound,  // no such message, deleted, or it holds no file
  Failed,    // this bot cannot read the channel now (not admin, offline...): try another bot
};

struct LocateAnswer {
  LocateVerdict verdict = LocateVerdict::Failed;
  LocatedFile located;  // set when Found
  std::string detail;   // why not, for logs
};

class FileLocator {
 public:
  FileLocator(TelegramClient& client, std::int64_t log_channel, std::size_t capacity);

  // Cached answers need no request. A deleted message (getMessage 404) drops its entry.
  [[nodiscard]] boost::asio::awaitable<LocateAnswer> locate(std::int64_t message_id);

  // Forgets one message (deleted, revoked) or all but the `keep` most recent.
  void erase(std::int64_t message_id) { cache_.erase(message_id); }
  void trim(std::size_t keep = 0) { cache_.shrink_to(keep); }
  [[nodiscard]] std::size_t cached_count() const { return cache_.size(); }

 private:
  [[nodiscard]] boost::asio::awaitable<bool> open_channel(std::string& detail);

  TelegramClient& client_;
  std::int64_t log_channel_;
  bool channel_open_ = false;
  LruCache<std::int64_t, LocatedFile> cache_;
};

}  // namespace tglink
