#include "media/spread_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <set>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "http/response_channel.hpp"
#include "media/bot_turns.hpp"
#include "media/download_scheduler.hpp"
#include "media/lru_cache.hpp"
#include "media/media_observer.hpp"
#include "media/open_file.hpp"

namespace tglink {

namespace asio = boost::asio;
using Steady = std::chrono::steady_clock;

namespace {

// The longest a waiting worker or the reader goes without looking around again, in case a
// change came from outside the stream (a bot reconnected).
constexpr std::chrono::seconds kLookAgain{1};
// Files whose held bytes are remembered after their last stream: at most 64 ranges of 16 bytes
// each (media/held_bytes.hpp), so a megabyte at the very most.
constexpr std::size_t kRememberedFiles = 1024;

struct LaneState {
  SpreadLane lane;
  std::string path;              // the lane's file on disk, as TDLib last reported it
  OpenFile file;                 // opened by the reader the first time it sends from this lane
  ReaderId reader = 0;           // the scheduler's reader of the slice under way; 0 when none
  std::shared_ptr<Slice> slice;  // the slice under way; null when none
  double bytes_per_second = 0;   // over its last completed slice; 0 before the first
  int strikes = 0;
  Steady::time_point rest_until{};
};

// The bots' download of one file: its lanes, their workers and the plan every stream of the
// file sent now reads from.
struct SpreadFile {
  SpreadFile(asio::any_io_executor executor_in, SpreadTarget target_in, BotTurns& turns_in,
             SpreadSettings settings_in, const std::vector<ByteRange>& held)
      : executor(std::move(executor_in)),
        target(std::move(target_in)),
        turns(turns_in),
        settings(settings_in),
        plan(settings.slices, held),
        lanes(target.lanes.size()) {
    for (std::size_t i = 0; i < lanes.size(); ++i) lanes[i].lane = target.lanes[i];
  }

  asio::any_io_executor executor;
  SpreadTarget target;
  BotTurns& turns;
  SpreadSettings settings;
  SlicePlan plan;
  std::vector<LaneState> lanes;
  bool stopped = false;
  std::size_t running_workers = 0;
  std::set<asio::steady_timer*> sleepers;
  std::string last_failure;

  void notify() {
    for (asio::steady_timer* timer : sleepers) timer->cancel();
  }

  asio::awaitable<void> wait_change(Steady::time_point deadline) {
    asio::steady_timer timer(executor);
    timer.expires_at(std::min(deadline, Steady::now() + kLookAgain));
    sleepers.insert(&timer);
    co_await timer.async_wait(asio::as_tuple(asio::use_awaitable));
    sleepers.erase(&timer);
  }

  [[nodiscard]] bool can_work(const LaneState& state) const {
    return state.lane.connected() && state.strikes < settings.max_strikes;
  }

  [[nodiscard]] bool others_can_work(LaneIndex index) const {
    for (LaneIndex i = 0; i < lanes.size(); ++i) {
      if (i != index && can_work(lanes[i])) return true;
    }
    return false;
  }

  // A lane steals only from a bot a fifth slower than its own (or not yet measured): between
  // bots of one speed the shorter tail slices already even out the end.
  [[nodiscard]] bool slower(LaneIndex victim, LaneIndex thief) const {
    return lanes[victim].bytes_per_second < 0.8 * lanes[thief].bytes_per_second;
  }

  [[nodiscard]] bool none_can_work() const {
    return std::none_of(lanes.begin(), lanes.end(),
                        [this](const LaneState& state) { return can_work(state); });
  }

  void report_give_back(std::size_t bot, bool stalled) const {
    MediaObserver* observer = target.observer;
    if (observer == nullptr) return;
    if (stalled) observer->stalled(bot);
    observer->handed_over(bot);
  }

  void report_duplicate(std::size_t bot, std::uint64_t bytes) const {
    if (target.observer != nullptr && bytes > 0) target.observer->downloaded_twice(bot, bytes);
  }

  // The tail of `victim`'s slice was stolen: its window in TDLib ends at the slice's new end now,
  // so the parts past it that are not yet in flight are never asked for.
  void cut_window(LaneIndex victim) {
    const LaneState& lane_state = lanes[victim];
    if (lane_state.reader == 0 || !lane_state.slice) return;
    lane_state.lane.scheduler->shorten_window(
        lane_state.lane.file_id, lane_state.reader,
        static_cast<std::int64_t>(lane_state.slice->bytes.end));
  }

  void report_served(const Slice& slice, std::uint64_t count) const {
    if (target.observer == nullptr) return;
    target.observer->served(count, slice.found_on_disk);
  }

  void rest_after_stall(LaneState& state) const {
    ++state.strikes;
    std::chrono::milliseconds rest = settings.patience;
    for (int i = 0; i < state.strikes && rest < settings.max_rest; ++i) rest *= 2;
    state.rest_until = Steady::now() + std::min(rest, settings.max_rest);
  }

  // The slices no reader wants any more: their lanes stop downloading them.
  void drop(const std::vector<std::shared_ptr<Slice>>& dropped) {
    for (const LaneState& state : lanes) {
      const bool unwanted = std::find(dropped.begin(), dropped.end(), state.slice) != dropped.end();
      if (unwanted && state.reader != 0) {
        state.lane.scheduler->cancel_wait(state.lane.file_id, state.reader);
      }
    }
  }

  void stop() {
    stopped = true;
    for (LaneState& state : lanes) {
      if (state.reader != 0) state.lane.scheduler->cancel_wait(state.lane.file_id, state.reader);
      turns.recheck(state.lane.bot);
    }
    notify();
  }
};

// Looks whether some lane has the slice's first bytes on disk already; if so the slice becomes
// those bytes, held by that lane. True when the slice needs no download any more.
asio::awaitable<bool> found_on_disk(SpreadFile& state, const std::shared_ptr<Slice>& slice) {
  for (LaneIndex i = 0; i < state.lanes.size(); ++i) {
    const SpreadLane& lane = state.lanes[i].lane;
    const std::int64_t bytes = co_await lane.scheduler->bytes_on_disk(
        lane.file_id, static_cast<std::int64_t>(slice->bytes.begin));
    if (bytes > 0) {
      state.plan.already_on_disk(slice, i, static_cast<std::uint64_t>(bytes));
      state.notify();
      co_return true;
    }
  }
  state.plan.nothing_on_disk_at(slice->bytes.begin);
  co_return false;
}

// The seat is behind another slice of this bot: the download starts now and gets the parts the
// lead frees; progress is only looked at (and stalls only counted) once this slice leads.
asio::awaitable<void> start_behind(SpreadFile& state, const LaneState& lane_state,
                                   const Slice& slice, const BotTurns::SeatPtr& seat,
                                   WaitOptions options) {
  options.behind = true;
  lane_state.lane.scheduler->request_window(lane_state.lane.file_id, state.target.file_size,
                                            static_cast<std::int64_t>(slice.ready_end),
                                            lane_state.reader, options);
  std::function<bool()> unwanted = [&state, &slice] { return state.stopped || slice.dropped; };
  co_await state.turns.wait_lead(seat, std::move(unwanted));
}

// How fast a lane brings its slice, to tell a crawling bot
// (SpreadSettings::crawl_bytes_per_second).
class CrawlWatch {
 public:
  CrawlWatch(const SpreadSettings& settings, std::uint64_t ready_end)
      : settings_(settings), since_(Steady::now()), bytes_at_since_(ready_end) {}

  // True when the last crawl window brought less than the limit; starts the next window.
  bool crawling(std::uint64_t ready_end) {
    if (settings_.crawl_bytes_per_second == 0) return false;
    const Steady::time_point now = Steady::now();
    const auto elapsed = std::chrono::duration<double>(now - since_);
    if (elapsed < settings_.crawl_window) return false;
    const double rate = static_cast<double>(ready_end - bytes_at_since_) / elapsed.count();
    since_ = now;
    bytes_at_since_ = ready_end;
    return rate < static_cast<double>(settings_.crawl_bytes_per_second);
  }

 private:
  const SpreadSettings& settings_;
  Steady::time_point since_;
  std::uint64_t bytes_at_since_;
};

// A slice whose tail was stolen ends early: what its lane brought past the new end came twice.
asio::awaitable<void> count_stolen_overlap(SpreadFile& state, const LaneState& lane_state,
                                           const Slice& slice, std::uint64_t original_end) {
  if (!slice.cut_by_steal || slice.bytes.end >= original_end) co_return;
  const std::int64_t past_end = co_await lane_state.lane.scheduler->bytes_on_disk(
      lane_state.lane.file_id, static_cast<std::int64_t>(slice.bytes.end));
  const std::uint64_t overlap =
      std::min(static_cast<std::uint64_t>(std::max<std::int64_t>(past_end, 0)),
               original_end - slice.bytes.end);
  state.report_duplicate(lane_state.lane.bot, overlap);
}

// The lane stalled, crawled or failed on the slice: the rest goes to another lane.
void give_up_slice(SpreadFile& state, LaneIndex index, const std::shared_ptr<Slice>& slice,
                   bool stalled) {
  LaneState& lane_state = state.lanes[index];
  state.report_give_back(lane_state.lane.bot, stalled);
  state.rest_after_stall(lane_state);
  state.plan.give_back(slice, index);
  state.notify();
}

// Downloads the slice on lane `index` until it is whole, the lane stalls, or the stream stops.
asio::awaitable<void> download_slice(SpreadFile& state, LaneIndex index,
                                     const std::shared_ptr<Slice>& slice,
                                     const BotTurns::SeatPtr& seat) {
  LaneState& lane_state = state.lanes[index];
  DownloadScheduler& scheduler = *lane_state.lane.scheduler;
  const std::int32_t file_id = lane_state.lane.file_id;
  lane_state.reader = scheduler.new_reader();
  lane_state.slice = slice;
  const std::uint64_t original_end = slice->bytes.end;
  WaitOptions options;
  options.window_end = static_cast<std::int64_t>(slice->bytes.end);
  if (!state.turns.leads(seat)) {
    co_await start_behind(state, lane_state, *slice, seat, options);
  }
  // Alone, a lane is never given up early: the scheduler's own retries are all there is.
  const bool others = state.others_can_work(index);
  if (others) options.patience = state.settings.patience;
  CrawlWatch crawl(state.settings, slice->ready_end);
  const Steady::time_point leading_since = Steady::now();
  const std::uint64_t ready_at_lead = slice->ready_end;
  bool gave_up = false;
  while (!state.stopped && !slice->complete() && !slice->dropped) {
    options.window_end = static_cast<std::int64_t>(slice->bytes.end);  // shorter once stolen from
    const BytesOnDisk bytes = co_await scheduler.wait_for_bytes(
        file_id, state.target.file_size, static_cast<std::int64_t>(slice->ready_end),
        lane_state.reader, options);
    if (bytes.status == BytesStatus::Ready) {
      if (!bytes.path.empty()) lane_state.path = bytes.path;
      slice->ready_end = std::min(slice->bytes.end,
                                  slice->ready_end + static_cast<std::uint64_t>(bytes.available));
      state.notify();
      if (others && !slice->complete() && crawl.crawling(slice->ready_end) &&
          state.others_can_work(index)) {
        state.last_failure = "bot " + std::to_string(lane_state.lane.bot) + " crawled";
        give_up_slice(state, index, slice, true);
        gave_up = true;
        break;
      }
      continue;
    }
    if (bytes.status == BytesStatus::Cancelled) break;
    state.last_failure = bytes.detail;
    if (bytes.status == BytesStatus::Failed) lane_state.strikes = state.settings.max_strikes - 1;
    give_up_slice(state, index, slice, bytes.status == BytesStatus::Stalled);
    gave_up = true;
    break;
  }
  lane_state.slice.reset();
  if (slice->complete() && !gave_up) {
    lane_state.strikes = 0;
    const std::chrono::duration<double> took = Steady::now() - leading_since;
    if (took.count() > 0 && slice->ready_end > ready_at_lead) {
      lane_state.bytes_per_second =
          static_cast<double>(slice->ready_end - ready_at_lead) / took.count();
    }
  }
  // A slice given up (its rest is another lane's now), cut short by a steal or left unfinished
  // still has a window in TDLib running past what this lane must bring: stop it there.
  if (slice->complete() && !gave_up && !slice->cut_by_steal) {
    scheduler.reader_done(file_id, lane_state.reader);
  } else {
    scheduler.abandon(file_id, lane_state.reader);
  }
  lane_state.reader = 0;
  co_await count_stolen_overlap(state, lane_state, *slice, original_end);
}

asio::awaitable<void> lane_worker(std::shared_ptr<SpreadFile> state, LaneIndex index) {
  LaneState& lane_state = state->lanes[index];
  while (!state->stopped) {
    if (!lane_state.lane.connected() || Steady::now() < lane_state.rest_until) {
      co_await state->wait_change(lane_state.rest_until);
      continue;
    }
    const bool alone = !state->others_can_work(index);
    const bool solo = state->turns.idle(lane_state.lane.bot);
    const std::shared_ptr<Slice> slice = state->plan.take(
        index, alone, solo,
        [&state, index](LaneIndex victim) { return state->slower(victim, index); });
    if (!slice) {
      co_await state->wait_change(Steady::time_point::max());
      continue;
    }
    if (slice->stolen_from) {
      state->cut_window(*slice->stolen_from);
    } else if (co_await found_on_disk(*state, slice)) {
      continue;
    }
    const std::size_t bot = lane_state.lane.bot;
    // Named first: g++ 12 destroys a temporary built inside a co_await expression twice.
    std::function<bool()> unwanted = [keep = state, slice] {
      return keep->stopped || slice->dropped;
    };
    const BotTurns::SeatPtr seat = co_await state->turns.acquire(bot, std::move(unwanted));
    if (!seat) continue;
    const BotTurn turn(state->turns, seat);
    co_await download_slice(*state, index, slice, seat);
  }
  --state->running_workers;
  state->notify();
}

// Opens the lane's file; when TDLib has just renamed it (ENOENT), asks for the new path.
asio::awaitable<int> lane_fd(LaneState& state, std::string& detail) {
  if (state.file.fd() >= 0) co_return state.file.fd();
  if (!state.path.empty() && state.file.open(state.path)) co_return state.file.fd();
  const std::string fresh = co_await state.lane.scheduler->current_path(state.lane.file_id);
  if (!fresh.empty() && state.file.open(fresh)) {
    state.path = fresh;
    co_return state.file.fd();
  }
  detail = "cannot open TDLib's file '" + (fresh.empty() ? state.path : fresh) +
           "': " + std::strerror(errno);
  co_return -1;
}

asio::awaitable<RangeEnd> send_in_order(SpreadFile& state, ReaderKey reader, ByteRange& remaining,
                                        ResponseChannel& out, std::string& detail) {
  while (!remaining.empty()) {
    const std::shared_ptr<Slice> slice = state.plan.at(remaining.begin);
    if (slice && slice->lane && slice->ready_end > remaining.begin) {
      const int fd = co_await lane_fd(state.lanes[*slice->lane], detail);
      if (fd < 0) co_return RangeEnd::BotFailed;
      const std::uint64_t count = std::min(slice->ready_end, remaining.end) - remaining.begin;
      const ByteRange piece = ByteRange::starting_at(remaining.begin, count);
      const bool sent = co_await out.write_file(fd, piece);
      if (!sent) co_return RangeEnd::ClientGone;
      state.report_served(*slice, count);
      remaining = remaining.without_first(count);
      state.drop(state.plan.consumed(reader, remaining.begin));
      state.notify();  // room in the read-ahead
      continue;
    }
    if (state.none_can_work()) {
      detail = "no bot can bring the bytes at " + std::to_string(remaining.begin) +
               (state.last_failure.empty() ? "" : " (last: " + state.last_failure + ")");
      co_return RangeEnd::BotFailed;
    }
    co_await state.wait_change(Steady::time_point::max());
  }
  co_return RangeEnd::Complete;
}

// A new download of the file over the target's lanes, its workers started; `held` is what the
// file's last plan saw the bots' files hold.
std::shared_ptr<SpreadFile> start_file(const asio::any_io_executor& executor, SpreadTarget target,
                                       BotTurns& turns, SpreadSettings settings,
                                       const std::vector<ByteRange>& held) {
  // Every lane needs room for a slice ahead of the client, and one more to start as it ends.
  const std::uint64_t lanes = target.lanes.size();
  settings.slices.lanes = lanes;
  if (settings.slices.part_bytes == 0) {
    settings.slices.part_bytes =
        tdlib_part_bytes(static_cast<std::uint64_t>(std::max<std::int64_t>(target.file_size, 0)));
  }
  settings.slices.read_ahead =
      std::max({settings.slices.read_ahead, 2 * lanes * settings.slices.slice_bytes,
                2 * lanes * settings.slices.solo_slice_bytes});
  auto state = std::make_shared<SpreadFile>(executor, std::move(target), turns, settings, held);
  for (LaneIndex i = 0; i < state->lanes.size(); ++i) {
    ++state->running_workers;
    asio::co_spawn(executor, lane_worker(state, i), asio::detached);
  }
  return state;
}

}  // namespace

struct SpreadFiles::Impl {
  asio::any_io_executor executor;
  BotTurns& turns;
  SpreadSettings settings;
  std::map<std::string, std::shared_ptr<SpreadFile>> live;
  // What each recent file's last plan saw the bots' files hold, for its next stream.
  LruCache<std::string, std::vector<ByteRange>> held{kRememberedFiles};
};

SpreadFiles::SpreadFiles(asio::any_io_executor executor, BotTurns& turns, SpreadSettings settings)
    : impl_(std::make_unique<Impl>(Impl{std::move(executor), turns, settings, {}})) {}

SpreadFiles::~SpreadFiles() = default;

std::optional<SpreadTarget> SpreadFiles::live(const std::string& key) const {
  const auto it = impl_->live.find(key);
  if (it == impl_->live.end()) return std::nullopt;
  return it->second->target;
}

asio::awaitable<RangeEnd> SpreadFiles::send(std::string key, SpreadTarget target,
                                            ByteRange& remaining, ResponseChannel& out,
                                            std::string& detail) {
  std::shared_ptr<SpreadFile>& slot = impl_->live[key];
  if (!slot) {
    const std::vector<ByteRange>* held = impl_->held.find(key);
    slot = start_file(impl_->executor, std::move(target), impl_->turns, impl_->settings,
                      held != nullptr ? *held : std::vector<ByteRange>{});
  }
  const std::shared_ptr<SpreadFile> state = slot;
  const ReaderKey reader = state->plan.add_reader(remaining);
  state->notify();  // bytes to plan
  const RangeEnd end = co_await send_in_order(*state, reader, remaining, out, detail);
  state->drop(state->plan.remove_reader(reader));
  if (state->plan.readers() > 0) {
    state->notify();
    co_return end;
  }
  // The last stream of the file: a stream that comes now starts a download of its own.
  if (const auto it = impl_->live.find(key); it != impl_->live.end() && it->second == state) {
    impl_->live.erase(it);
  }
  state->stop();
  impl_->held.put(key, state->plan.held());
  // No worker outlives the file's last stream: once this returns, nothing of it touches the
  // bots' clients, which may go away with the streamer.
  while (state->running_workers > 0) {
    co_await state->wait_change(Steady::time_point::max());
  }
  co_return end;
}

}  // namespace tglink
