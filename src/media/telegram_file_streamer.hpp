#pragma once
// The real FileStreamer: every connected bot, the bytes TDLib already has on disk, and a disk
// budget for them.
//
// locate(): the least loaded connected bot looks the message up (FileLocator, cached per bot);
// a bot that cannot read the channel is skipped for the next one. The StoredFile it returns
// names that bot and its file id, so stream() asks every other bot at most once per request
// (each bot reads the file through its own file id) and that bot not again.
// stream(): when two or more connected bots can read the file, all of them download slices of
// the range ahead of the client and the bytes go out from whichever bot's file holds them
// (SpreadFiles, media/spread_reader.hpp; the streams of one file sent at the same time, as a
// download manager's connections, share one plan); a slice that stalls moves to another bot. With
// one bot, that bot sends the range (send_range over its DownloadScheduler), moving on to another
// bot that appears at the byte where it stopped. When every bot has failed: SourceFailed.
// The disk budget (CacheBudget) counts what earlier runs left under DATA_DIR/tdlib at start and
// follows every updateFile of every bot; when over, the least recently used files without
// readers are cancelled and deleted through TDLib by the bot that owns them.
//
// Runs on the io_context thread.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>

#include <boost/asio/any_io_executor.hpp>

#include "core/clock.hpp"
#include "media/bot_roster.hpp"
#include "media/download_scheduler.hpp"
#include "media/file_streamer.hpp"
#include "media/media_observer.hpp"
#include "media/spread_reader.hpp"

namespace tglink {

struct Config;
class Log;
class BotPool;

struct StreamerSettings {
  std::int64_t log_channel = 0;
  std::size_t locator_capacity = 4096;  // cached lookups per bot
  std::uint64_t cache_max_bytes = 10ull << 30;
  // DATA_DIR/tdlib: counted into the budget at start (media/cache_scan.hpp); empty = no scan.
  std::filesystem::path tdlib_dir;
  DownloadSettings download;
  SpreadSettings spread;  // used when two or more bots can read the file
};

class TelegramFileStreamer final : public FileStreamer {
 public:
  // LOG_CHANNEL and CACHE_MAX_GB from config; the pool's bots.
  TelegramFileStreamer(boost::asio::any_io_executor executor, const Config& config, Log& log,
                       BotPool& bots, const Clock& clock);
  TelegramFileStreamer(boost::asio::any_io_executor executor, StreamerSettings settings, Log& log,
                       std::unique_ptr<BotRoster> bots, const Clock& clock);
  ~TelegramFileStreamer() override;
  TelegramFileStreamer(const TelegramFileStreamer&) = delete;
  TelegramFileStreamer& operator=(const TelegramFileStreamer&) = delete;

  boost::asio::awaitable<LocateResult> locate(std::int64_t message_id) override;
  boost::asio::awaitable<StreamOutcome> stream(const StoredFile& file, ByteRange range,
                                               ResponseChannel& out) override;
  boost::asio::awaitable<StreamOutcome> stream_internal(const StoredFile& file, ByteRange range,
                                                        ResponseChannel& out) override;

  // The hourly memory clean-up: forgets cached lookups.
  void trim();
  // Forgets one message's cached lookups on every bot (deleted or revoked).
  void forget(std::int64_t message_id);
  // Readers sending bytes now, over all bots.
  [[nodiscard]] std::size_t active_readers() const;
  // Bytes of TDLib's files tracked by the disk budget.
  [[nodiscard]] std::uint64_t cached_bytes() const;
  // Told of downloads, bytes served, stalls and hand-overs; may be null. Must outlive this.
  void set_observer(MediaObserver* observer);

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace tglink
