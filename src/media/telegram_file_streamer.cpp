#include "media/telegram_file_streamer.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/json/object.hpp>

#include "config/config.hpp"
#include "logging/log.hpp"
#include "media/bot_turns.hpp"
#include "media/cache_budget.hpp"
#include "media/cache_scan.hpp"
#include "media/file_locator.hpp"
#include "media/range_reader.hpp"
#include "media/spread_reader.hpp"
#include "telegram/td_fields.hpp"
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

// What each bot answered for the file of one request, so that a request locates the file at most
// once per bot: with several bots each needs its own file id, but never twice.
struct BotAnswer {
  std::optional<std::int32_t> file_id;  // unset: this bot cannot read it now
  std::string detail;                   // why not, for logs
};
using BotAnswers = std::map<std::size_t, BotAnswer>;

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
        media(bots->size()),
        turns(executor, bots->size()),
        spreads(executor, turns, settings.spread) {}

  asio::any_io_executor executor;
  StreamerSettings settings;
  Log& log;
  std::unique_ptr<BotRoster> bots;
  const Clock& clock;
  CacheBudget budget;
  std::vector<std::unique_ptr<BotMedia>> media;
  BotTurns turns;
  SpreadFiles spreads;                   // files sent by several bots now, one plan each
  std::set<std::string> found_at_start;  // paths counted by the start-up scan, not yet claimed
  std::size_t spread_streams = 0;        // streams sent by several bots at once
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
        result.file.located_by = BotFileId{*index, answer.located.file_id};
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

  // `internal`: a converter's read (FileStreamer::stream_internal): one bot at a time and a
  // download window of kInternalReadWindow.
  asio::awaitable<StreamOutcome> stream(StoredFile file, ByteRange range, ResponseChannel& out,
                                        bool internal) {
    std::shared_ptr<Impl> keep = shared_from_this();
    // The caller plans the range against file.size; past it no bot has the bytes, and inside it
    // every position fits TDLib's int64 offsets.
    if (range.end > static_cast<std::uint64_t>(std::max<std::int64_t>(file.size, 0))) {
      log.error("Message {}: asked for bytes [{}, {}) of a file of {} bytes", file.message_id,
                range.begin, range.end, file.size);
      co_return StreamOutcome::SourceFailed;
    }
    BotAnswers answers;
    ByteRange remaining = range;
    if (!internal) {
      const std::string key = spread_key(file);
      if (std::optional<SpreadTarget> live = spreads.live(key))
        co_return co_await stream_spread(file, key, std::move(*live), remaining, out);
      SpreadTarget target = co_await spread_target(file, answers);
      if (target.lanes.size() >= 2)
        co_return co_await stream_spread(file, key, std::move(target), remaining, out);
    }
    std::set<std::size_t> tried;
    while (!remaining.empty()) {
      const std::optional<std::size_t> index = pick_bot(tried);
      if (!index) break;
      tried.insert(*index);
      const std::optional<RangeEnd> end =
          co_await stream_on(*index, file, answers, remaining, out, internal);
      if (end == RangeEnd::Complete) co_return StreamOutcome::Complete;
      if (end == RangeEnd::ClientGone) co_return StreamOutcome::ClientGone;
    }
    if (remaining.empty()) co_return StreamOutcome::Complete;
    log.warning("Message {}: bytes from {} could not be had from any bot", file.message_id,
                remaining.begin);
    co_return StreamOutcome::SourceFailed;
  }

  // Bot `index`'s own file id for `file`, asked at most once per request (`answers`); the bot
  // whose locate() found the file is not asked again. The locator's cache makes a repeated
  // lookup free of network, but a request should not depend on what the cache still holds.
  asio::awaitable<BotAnswer> file_id_on(std::size_t index, const StoredFile& file,
                                        BotAnswers& answers) {
    if (const auto known = answers.find(index); known != answers.end()) co_return known->second;
    BotAnswer result;
    if (file.located_by && file.located_by->bot == index) {
      result.file_id = file.located_by->file_id;
    } else {
      const LocateAnswer answer = co_await bot_media(index).locator->locate(file.message_id);
      const bool same_file =
          answer.verdict == LocateVerdict::Found &&
          (file.unique_id.empty() || answer.located.file.unique_id == file.unique_id);
      if (same_file) result.file_id = answer.located.file_id;
      result.detail = same_file ? "" : answer.detail.empty() ? "another file" : answer.detail;
    }
    answers[index] = result;
    co_return result;
  }

  // The file as every connected bot that can read it sees it (its own file id), main bot first.
  asio::awaitable<SpreadTarget> spread_target(const StoredFile& file, BotAnswers& answers) {
    SpreadTarget target;
    target.file_size = file.size;
    target.observer = observer;
    for (std::size_t i = 0; i < bots->size(); ++i) {
      if (!bots->connected(i)) continue;
      const BotAnswer answer = co_await file_id_on(i, file, answers);
      if (!answer.file_id) continue;
      SpreadLane lane;
      lane.bot = i;
      lane.scheduler = bot_media(i).scheduler.get();
      lane.file_id = *answer.file_id;
      std::weak_ptr<Impl> weak = weak_from_this();
      lane.connected = [weak, i] {
        std::shared_ptr<Impl> self = weak.lock();
        return self != nullptr && self->bots->connected(i);
      };
      target.lanes.push_back(std::move(lane));
    }
    co_return target;
  }

  // Counts a spread stream and keeps each lane's file out of eviction while it sends.
  struct SpreadTicket {
    Impl& impl;
    std::vector<CachedFileKey> keys;
    SpreadTicket(Impl& i, const SpreadTarget& target) : impl(i) {
      ++impl.spread_streams;
      for (const SpreadLane& lane : target.lanes) {
        keys.push_back(CachedFileKey{lane.bot, lane.file_id, {}});
        impl.budget.begin_read(keys.back(), impl.clock.steady_now());
      }
    }
    ~SpreadTicket() {
      --impl.spread_streams;
      for (const CachedFileKey& key : keys) impl.budget.end_read(key, impl.clock.steady_now());
      impl.maybe_evict();
    }
    SpreadTicket(const SpreadTicket&) = delete;
    SpreadTicket& operator=(const SpreadTicket&) = delete;
  };

  // What names a file among those sent by several bots: the same file in two messages is one
  // file to TDLib (and to each bot's window), so its streams share one plan.
  static std::string spread_key(const StoredFile& file) {
    if (!file.unique_id.empty()) return "file " + file.unique_id;
    return "message " + std::to_string(file.message_id);
  }

  asio::awaitable<StreamOutcome> stream_spread(const StoredFile& file, std::string key,
                                               SpreadTarget target, ByteRange& remaining,
                                               ResponseChannel& out) {
    const SpreadTicket ticket(*this, target);
    std::string detail;
    const RangeEnd end =
        co_await spreads.send(std::move(key), std::move(target), remaining, out, detail);
    if (end == RangeEnd::Complete) co_return StreamOutcome::Complete;
    if (end == RangeEnd::ClientGone) co_return StreamOutcome::ClientGone;
    log.warning("Message {}: bytes from {} could not be had from any bot: {}", file.message_id,
                remaining.begin, detail);
    co_return StreamOutcome::SourceFailed;
  }

  // One bot's attempt; nullopt when it cannot even locate the file.
  asio::awaitable<std::optional<RangeEnd>> stream_on(std::size_t index, const StoredFile& file,
                                                     BotAnswers& answers, ByteRange& remaining,
                                                     ResponseChannel& out, bool internal) {
    const BotAnswer answer = co_await file_id_on(index, file, answers);
    if (!answer.file_id) {
      log.warning("{} cannot read message {}: {}", bots->label(index), file.message_id,
                  answer.detail);
      co_return std::nullopt;
    }
    const std::int32_t file_id = *answer.file_id;
    BotMedia& bot = bot_media(index);
    ReaderTicket ticket(*this, bot, CachedFileKey{index, file_id, {}});
    RangeSource source{*bot.scheduler, file_id, file.size, observer,
                       internal ? kInternalReadWindow : 0};
    std::string detail;
    const RangeEnd end = co_await send_range(source, remaining, out, detail);
    if (end == RangeEnd::BotFailed) {
      log.warning("{} failed on message {} at byte {}: {}", bots->label(index), file.message_id,
                  remaining.begin, detail);
      if (observer != nullptr) observer->handed_over(index);
    }
    co_return end;
  }

  // --- disk budget ------------------------------------------------------------------------

  // Counts what the previous run left on disk, before any bot reports a file.
  void count_files_found_at_start() {
    if (settings.tdlib_dir.empty()) return;
    std::uint64_t total = 0;
    const std::vector<FileOnDisk> found = scan_tdlib_files(settings.tdlib_dir);
    for (const FileOnDisk& file : found) {
      budget.record_size(CachedFileKey{0, 0, file.path}, file.bytes, clock.steady_now());
      found_at_start.insert(file.path);
      total += file.bytes;
    }
    log.info("Cache: {} files of {} bytes found on disk under {} (CACHE_MAX_GB allows {})",
             found.size(), total, settings.tdlib_dir.string(), budget.max_bytes());
  }

  void on_file(std::size_t index, const json::object& file) {
    const std::int64_t bytes = td_int53(file, "local.downloaded_size").value_or(0);
    const CachedFileKey key{index, td_int32(file, "id").value_or(0), {}};
    if (!found_at_start.empty()) {
      // A bot reports a file the scan counted: from now on it is counted under the bot.
      const std::string path(td_string(file, "local.path").value_or(""));
      if (found_at_start.erase(path) > 0) budget.forget(CachedFileKey{0, 0, path});
    }
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

  // Cancel first: deleteFile on a file still downloading would race the download. A file found
  // at start that no bot has reported has no file id to delete it by: it is removed from disk,
  // which TDLib notices the next time it looks at the file (it checks that it still exists).
  asio::awaitable<void> delete_file(CachedFileKey key) {
    if (key.found_at_start()) {
      std::error_code error;
      std::filesystem::remove(key.path, error);
      if (error) log.warning("Cache: cannot remove {}: {}", key.path, error.message());
      found_at_start.erase(key.path);
      budget.forget(key);
      log.info("Cache: removed {} left by an earlier run ({} bytes cached now)", key.path,
               budget.total_bytes());
      co_return;
    }
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
  settings.tdlib_dir = config.data_dir / "tdlib";
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
    : impl_(std::make_shared<Impl>(std::move(executor), settings, log, std::move(bots), clock)) {
  impl_->count_files_found_at_start();
  impl_->maybe_evict();
}

TelegramFileStreamer::~TelegramFileStreamer() = default;

asio::awaitable<LocateResult> TelegramFileStreamer::locate(std::int64_t message_id) {
  std::shared_ptr<Impl> impl = impl_;
  co_return co_await impl->locate(message_id);
}

asio::awaitable<StreamOutcome> TelegramFileStreamer::stream(const StoredFile& file, ByteRange range,
                                                            ResponseChannel& out) {
  std::shared_ptr<Impl> impl = impl_;
  StoredFile copy = file;
  co_return co_await impl->stream(std::move(copy), range, out, false);
}

asio::awaitable<StreamOutcome> TelegramFileStreamer::stream_internal(const StoredFile& file,
                                                                     ByteRange range,
                                                                     ResponseChannel& out) {
  std::shared_ptr<Impl> impl = impl_;
  StoredFile copy = file;
  co_return co_await impl->stream(std::move(copy), range, out, true);
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
  std::size_t total = impl_->spread_streams;
  for (const std::unique_ptr<BotMedia>& bot : impl_->media) {
    if (bot) total += bot->readers;
  }
  return total;
}

std::uint64_t TelegramFileStreamer::cached_bytes() const { return impl_->budget.total_bytes(); }

void TelegramFileStreamer::set_observer(MediaObserver* observer) { impl_->observer = observer; }

}  // namespace tglink
