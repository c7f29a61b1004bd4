#include "media/telegram_file_streamer.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/json/object.hpp>

#include "config/config.hpp"
#include "logging/log.hpp"
#include "media/cache_budget.hpp"
#include "media/file_locator.hpp"
#include "media/range_reader.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {

// What the streamer keeps for one bot, made the first time the bot is used.
struct BotMedia {
  std::unique_ptr<FileLocator> locator;
  std::unique_ptr<DownloadScheduler> scheduler;
  std::size_t readers = 0;
};

std::int64_t local_downloaded_size(const json::object& file) {
  const json::value* local = file.if_contains("local");
  if (local == nullptr || !local->is_object()) return 0;
  const json::value* size = local->as_object().if_contains("downloaded_size");
  return size != nullptr && size->is_int64() ? size->as_int64() : 0;
}

std::int32_t file_id_of(const json::object& file) {
  const json::value* id = file.if_contains("id");
  return id != nullptr && id->is_int64() ? static_cast<std::int32_t>(id->as_int64()) : 0;
}

}  // namespace

struct TelegramFileStreamer::Impl : std::enable_shared_from_this<Impl> {
  Impl(asio::any_io_executor executor_in, StreamerSettings settings_in, Log& log_in,
       std::unique_ptr<BotRoster> bots_in, const Clock& clock_in)
      : executor(std::move(executor_in)),
        settings(settings_in),
        log(log_in),
        bots(std::move(bots_in)),
        clock(clock_in),
        budget(settings.cache_max_bytes),
        media(bots->size()) {}

  asio::any_io_executor executor;
  StreamerSettings settings;
  Log& log;
  std::unique_ptr<BotRoster> bots;
  const Clock& clock;
  CacheBudget budget;
  std::vector<std::unique_ptr<BotMedia>> media;
  bool evicting = false;
  MediaObserver* observer = nullptr;

  BotMedia& bot_media(std::size_t index) {
    std::unique_ptr<BotMedia>& slot = media.at(index);
    if (slot) return *slot;
    slot = std::make_unique<BotMedia>();
    TelegramClient& client = bots->client(index);
    slot->locator =
        std::make_unique<FileLocator>(client, settings.log_channel, settings.locator_capacity);
    slot->scheduler = std::make_unique<DownloadScheduler>(executor, client, settings.download);
    std::weak_ptr<Impl> weak = weak_from_this();
    slot->scheduler->set_file_observer([weak, index](const json::object& file) {
      if (std::shared_ptr<Impl> self = weak.lock()) self->on_file(index, file);
    });
    slot->scheduler->set_stall_observer([weak, index] {
      const std::shared_ptr<Impl> self = weak.lock();
      if (self && self->observer != nullptr) self->observer->stalled(index);
    });
    return *slot;
  }

  // Connected bots not yet tried, least loaded first (ties: lower index, the main bot first).
  std::optional<std::size_t> pick_bot(const std::set<std::size_t>& tried) {
    std::optional<std::size_t> best;
    std::size_t best_load = 0;
    for (std::size_t i = 0; i < bots->size(); ++i) {
      if (tried.contains(i) || !bots->connected(i)) continue;
      const std::size_t load = media[i] ? media[i]->readers : 0;
      if (!best || load < best_load) {
        best = i;
        best_load = load;
      }
    }
    return best;
  }

  asio::awaitable<LocateResult> locate(std::int64_t message_id) {
    std::shared_ptr<Impl> keep = shared_from_this();
    std::set<std::size_t> tried;
    LocateResult result;
    result.status = LocateStatus::Unavailable;
    result.detail = "no connected bot";
    while (std::optional<std::size_t> index = pick_bot(tried)) {
      tried.insert(*index);
      const LocateAnswer answer = co_await bot_media(*index).locator->locate(message_id);
      if (answer.verdict == LocateVerdict::Found) {
        result.status = LocateStatus::Found;
        result.file = answer.located.file;
        result.detail.clear();
        co_return result;
      }
      if (answer.verdict == LocateVerdict::NotFound) {
        result.status = LocateStatus::NotFound;
        result.detail = answer.detail;
        co_return result;
      }
      log.warning("{} cannot locate message {}: {}", bots->label(*index), message_id,
                  answer.detail);
      result.detail = answer.detail;
    }
    co_return result;
  }

  // Counts a reader on a bot and a file for as long as it sends.
  struct ReaderTicket {
    Impl& impl;
    BotMedia& bot;
    CachedFileKey key;
    ReaderTicket(Impl& i, BotMedia& b, CachedFileKey k) : impl(i), bot(b), key(k) {
      ++bot.readers;
      impl.budget.begin_read(key, impl.clock.steady_now());
    }
    ~ReaderTicket() {
      --bot.readers;
      impl.budget.end_read(key, impl.clock.steady_now());
      impl.maybe_evict();
    }
    ReaderTicket(const ReaderTicket&) = delete;
    ReaderTicket& operator=(const ReaderTicket&) = delete;
  };

  asio::awaitable<StreamOutcome> stream(StoredFile file, std::uint64_t offset, std::uint64_t length,
                                        ResponseChannel& out) {
    std::shared_ptr<Impl> keep = shared_from_this();
    RangeCursor cursor{static_cast<std::int64_t>(offset),
                       static_cast<std::int64_t>(offset + length)};
    std::set<std::size_t> tried;
    while (cursor.position < cursor.end) {
      const std::optional<std::size_t> index = pick_bot(tried);
      if (!index) break;
      tried.insert(*index);
      const std::optional<RangeEnd> end = co_await stream_on(*index, file, cursor, out);
      if (end == RangeEnd::Complete) co_return StreamOutcome::Complete;
      if (end == RangeEnd::ClientGone) co_return StreamOutcome::ClientGone;
    }
    if (cursor.position >= cursor.end) co_return StreamOutcome::Complete;
    log.warning("Message {}: bytes from {} could not be had from any bot", file.message_id,
                cursor.position);
    co_return StreamOutcome::SourceFailed;
  }

  // One bot's attempt; nullopt when it cannot even locate the file.
  asio::awaitable<std::optional<RangeEnd>> stream_on(std::size_t index, const StoredFile& file,
                                                     RangeCursor& cursor, ResponseChannel& out) {
    BotMedia& bot = bot_media(index);
    const LocateAnswer answer = co_await bot.locator->locate(file.message_id);
    const bool same_file =
        answer.verdict == LocateVerdict::Found &&
        (file.unique_id.empty() || answer.located.file.unique_id == file.unique_id);
    if (!same_file) {
      log.warning("{} cannot read message {}: {}", bots->label(index), file.message_id,
                  answer.detail.empty() ? "another file" : answer.detail);
      co_return std::nullopt;
    }
    const std::int32_t file_id = answer.located.file_id;
    ReaderTicket ticket(*this, bot, CachedFileKey{index, file_id});
    RangeSource source{*bot.scheduler, file_id, answer.located.file.size, observer};
    std::string detail;
    const RangeEnd end = co_await send_range(source, cursor, out, detail);
    if (end == RangeEnd::BotFailed) {
      log.warning("{} failed on message {} at byte {}: {}", bots->label(index), file.message_id,
                  cursor.position, detail);
      if (observer != nullptr) observer->handed_over(index);
    }
    co_return end;
  }

  // --- disk budget ------------------------------------------------------------------------

  void on_file(std::size_t index, const json::object& file) {
    const std::int64_t bytes = local_downloaded_size(file);
    const CachedFileKey key{index, file_id_of(file)};
    const std::uint64_t before = budget.bytes_of(key);
    if (observer != nullptr && bytes > 0 && static_cast<std::uint64_t>(bytes) > before) {
      observer->downloaded(index, static_cast<std::uint64_t>(bytes) - before);
    }
    budget.record_size(key, static_cast<std::uint64_t>(std::max<std::int64_t>(bytes, 0)),
                       clock.steady_now());
    maybe_evict();
  }

  void maybe_evict() {
    if (evicting || !budget.over_budget() || budget.victims().empty()) return;
    evicting = true;
    asio::co_spawn(executor, evict(shared_from_this()), asio::detached);
  }

  static asio::awaitable<void> evict(std::shared_ptr<Impl> self) {
    for (const CachedFileKey& key : self->budget.victims()) {
      co_await self->delete_file(key);
    }
    self->evicting = false;
  }

  // Cancel first: deleteFile on a file still downloading would race the download.
  asio::awaitable<void> delete_file(CachedFileKey key) {
    TelegramClient& client = bots->client(key.bot);
    json::object cancel{
        {"@type", "cancelDownloadFile"}, {"file_id", key.file_id}, {"only_if_pending", false}};
    co_await client.request(std::move(cancel));
    json::object remove{{"@type", "deleteFile"}, {"file_id", key.file_id}};
    const json::object answer = co_await client.request(std::move(remove));
    if (const std::optional<TdError> error = td_error(answer)) {
      log.warning("{}: deleteFile({}) failed: {} {}", bots->label(key.bot), key.file_id,
                  error->code, error->message);
    }
    log.info("Cache: evicted file {} of {} ({} bytes cached now)", key.file_id,
             bots->label(key.bot), budget.total_bytes());
    budget.forget(key);
    if (media.at(key.bot)) media[key.bot]->scheduler->forget(key.file_id);
  }
};

namespace {

StreamerSettings settings_from(const Config& config) {
  StreamerSettings settings;
  settings.log_channel = config.log_channel;
  settings.cache_max_bytes =
      static_cast<std::uint64_t>(std::max(config.cache_max_gb, 0.0) * 1024 * 1024 * 1024);
  return settings;
}

}  // namespace

TelegramFileStreamer::TelegramFileStreamer(asio::any_io_executor executor, const Config& config,
                                           Log& log, BotPool& bots, const Clock& clock)
    : TelegramFileStreamer(std::move(executor), settings_from(config), log,
                           std::make_unique<BotPoolRoster>(bots), clock) {}

TelegramFileStreamer::TelegramFileStreamer(asio::any_io_executor executor,
                                           StreamerSettings settings, Log& log,
                                           std::unique_ptr<BotRoster> bots, const Clock& clock)
    : impl_(std::make_shared<Impl>(std::move(executor), settings, log, std::move(bots), clock)) {}

TelegramFileStreamer::~TelegramFileStreamer() = default;

asio::awaitable<LocateResult> TelegramFileStreamer::locate(std::int64_t message_id) {
  std::shared_ptr<Impl> impl = impl_;
  co_return co_await impl->locate(message_id);
}

asio::awaitable<StreamOutcome> TelegramFileStreamer::stream(const StoredFile& file,
                                                            std::uint64_t offset,
                                                            std::uint64_t length,
                                                            ResponseChannel& out) {
  std::shared_ptr<Impl> impl = impl_;
  StoredFile copy = file;
  co_return co_await impl->stream(std::move(copy), offset, length, out);
}

void TelegramFileStreamer::trim() {
  for (std::unique_ptr<BotMedia>& bot : impl_->media) {
    if (bot) bot->locator->trim();
  }
}

void TelegramFileStreamer::forget(std::int64_t message_id) {
  for (std::unique_ptr<BotMedia>& bot : impl_->media) {
    if (bot) bot->locator->erase(message_id);
  }
}

std::size_t TelegramFileStreamer::active_readers() const {
  std::size_t total = 0;
  for (const std::unique_ptr<BotMedia>& bot : impl_->media) {
    if (bot) total += bot->readers;
  }
  return total;
}

std::uint64_t TelegramFileStreamer::cached_bytes() const { return impl_->budget.total_bytes(); }

void TelegramFileStreamer::set_observer(MediaObserver* observer) { impl_->observer = observer; }

}  // namespace tglink
