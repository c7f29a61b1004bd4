// One stream over several scripted bots: every bot downloads different slices through its own
// file id, the client gets every byte once and in order, a silent bot's slice moves on, bytes
// on any bot's disk cost no download, and streams take turns on a bot. What the streamer reports
// to its MediaObserver (bytes per bot, hits and misses, stalls, hand-overs) is checked alongside.

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <gtest/gtest.h>

#include "fake_file_world.hpp"
#include "fake_roster.hpp"
#include "logging/log.hpp"
#include "media/media_observer.hpp"
#include "media/telegram_file_streamer.hpp"
#include "streamer_calls.hpp"
#include "support/io_wait.hpp"
#include "support/recording_channel.hpp"
#include "support/temp_dir.hpp"

namespace tglink::testing {
namespace {

namespace asio = boost::asio;

// What the streamer reported, by bot index.
struct RecordingObserver : MediaObserver {
  std::map<std::size_t, std::uint64_t> downloaded_bytes;
  std::uint64_t hit_bytes = 0;
  std::uint64_t miss_bytes = 0;
  std::map<std::size_t, int> stalls;
  std::map<std::size_t, int> handovers;
  std::uint64_t twice_bytes = 0;

  void downloaded(std::size_t bot, std::uint64_t bytes) override { downloaded_bytes[bot] += bytes; }
  void served(std::uint64_t bytes, bool cached) override {
    (cached ? hit_bytes : miss_bytes) += bytes;
  }
  void stalled(std::size_t bot) override { ++stalls[bot]; }
  void handed_over(std::size_t from_bot) override { ++handovers[from_bot]; }
  void downloaded_twice(std::size_t, std::uint64_t bytes) override { twice_bytes += bytes; }
};

class SpreadStreamingTest : public ::testing::Test {
 protected:
  // `bots` scripted bots, each with its own file id (100 + index) for the same file.
  // `patience`: how long a bot may bring nothing before its slice moves on; long where a test
  // counts windows, so that a loaded machine never makes one look stalled.
  // `tune` adjusts the spread settings (crawl limit, steals), which are off by default here: a
  // loaded machine must never make a scripted bot look slow.
  void make(std::size_t bots, std::int64_t file_bytes,
            std::chrono::milliseconds patience = std::chrono::seconds(10),
            const std::function<void(SpreadSettings&)>& tune = {}) {
    for (std::size_t i = 0; i < bots; ++i) {
      bots_.push_back(std::make_unique<FakeBot>());
      worlds_.push_back(std::make_unique<FakeFileWorld>(
          bots_.back()->client, dir_.path() / ("bot" + std::to_string(i)),
          patterned_bytes(static_cast<std::size_t>(file_bytes)),
          static_cast<std::int32_t>(100 + i)));
    }
    std::vector<FakeBot*> roster;
    for (auto& bot : bots_) roster.push_back(bot.get());
    StreamerSettings settings;
    settings.log_channel = kFakeLogChannel;
    settings.download.read_ahead = kSlice;
    settings.download.first_backoff = std::chrono::milliseconds(1);
    settings.download.max_backoff = std::chrono::milliseconds(4);
    settings.spread.slices.slice_bytes = kSlice;
    settings.spread.slices.solo_slice_bytes = kSlice;
    settings.spread.slices.min_slice_bytes = kSlice;
    settings.spread.slices.read_ahead = 4 * kSlice;
    settings.spread.patience = patience;
    settings.spread.max_rest = std::chrono::milliseconds(400);
    settings.spread.crawl_bytes_per_second = 0;
    settings.spread.slices.tail_slice_bytes = kSlice;
    settings.spread.slices.part_bytes = 1;  // the fake world brings any byte, not TDLib's parts
    settings.spread.slices.steal_min_bytes = 1LL << 40;
    if (tune) tune(settings.spread);
    streamer_ = std::make_unique<TelegramFileStreamer>(
        io_.get_executor(), settings, log_, std::make_unique<FakeRoster>(std::move(roster)),
        clock_);
    streamer_->set_observer(&observer_);
  }

  StoredFile locate() { return locate_now(io_, *streamer_, kFakeMessageId).file; }

  void start_read(std::uint64_t offset, std::uint64_t length, RecordingChannel& out,
                  std::optional<StreamOutcome>& outcome) {
    start_stream(io_, *streamer_, locate(), ByteRange::starting_at(offset, length), out, outcome);
  }

  // Like pump(), but the bots in `slow` bring `bytes` of their window at most every `every`, and
  // the others `fast_bytes` at each turn (0 = the whole window at once). With `slow_waits`, the
  // slow bots bring nothing while another bot has a window open, so that every test run has the
  // others done first, however loaded the machine.
  bool pump_slow(const std::function<bool()>& done, const std::set<std::size_t>& slow,
                 std::int64_t bytes, std::chrono::milliseconds every, std::int64_t fast_bytes = 0,
                 bool slow_waits = false) {
    std::map<std::size_t, std::chrono::steady_clock::time_point> last;
    return run_until(io_, [&] {
      const auto now = std::chrono::steady_clock::now();
      bool others_busy = false;
      for (std::size_t i = 0; i < worlds_.size(); ++i) {
        others_busy = others_busy || (!slow.contains(i) && worlds_[i]->open_windows() > 0);
      }
      for (std::size_t i = 0; i < worlds_.size(); ++i) {
        if (worlds_[i]->open_windows() == 0) continue;
        if (!slow.contains(i)) {
          if (fast_bytes == 0) {
            worlds_[i]->complete_window();
          } else {
            worlds_[i]->advance_window(fast_bytes);
          }
        } else if (now - last[i] >= every && !(slow_waits && others_busy)) {
          worlds_[i]->advance_window(bytes);
          last[i] = now;
        }
      }
      return done();
    });
  }

  std::int64_t on_every_disk() const {
    std::int64_t total = 0;
    for (const auto& world : worlds_) total += world->downloaded();
    return total;
  }

  // Completes the windows of the bots not listed in `silent`, until `done`.
  bool pump(const std::function<bool()>& done, const std::set<std::size_t>& silent = {}) {
    return run_until(io_, [&] {
      for (std::size_t i = 0; i < worlds_.size(); ++i) {
        if (!silent.contains(i) && worlds_[i]->open_windows() > 0) worlds_[i]->complete_window();
      }
      return done();
    });
  }

  std::int64_t window_bytes(std::size_t bot) const {
    std::int64_t total = 0;
    for (const boost::json::object& w : worlds_[bot]->windows()) total += w.at("limit").as_int64();
    return total;
  }

  asio::io_context io_;
  Log log_{LogOptions{.console = false}};
  SystemClock clock_;
  TempDir dir_{"tglink-spread-test"};
  std::vector<std::unique_ptr<FakeBot>> bots_;
  std::vector<std::unique_ptr<FakeFileWorld>> worlds_;
  RecordingObserver observer_;
  std::unique_ptr<TelegramFileStreamer> streamer_;
};

TEST_F(SpreadStreamingTest, FourBotsEachDownloadDifferentSlicesThroughTheirOwnFileIds) {
  make(4, 16 * kSlice + 777);
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  start_read(0, static_cast<std::uint64_t>(worlds_[0]->size()), out, outcome);
  ASSERT_TRUE(pump([&] { return outcome.has_value(); }));
  EXPECT_EQ(*outcome, StreamOutcome::Complete);
  EXPECT_EQ(out.body(), worlds_[0]->content());
  std::int64_t downloaded = 0;
  for (std::size_t bot = 0; bot < 4; ++bot) {
    ASSERT_FALSE(worlds_[bot]->windows().empty()) << "bot " << bot << " did no slice";
    for (const boost::json::object& w : worlds_[bot]->windows()) {
      EXPECT_EQ(w.at("file_id").as_int64(), static_cast<std::int64_t>(100 + bot));
      EXPECT_LE(w.at("limit").as_int64(), kSlice);
    }
    downloaded += window_bytes(bot);
  }
  EXPECT_EQ(downloaded, worlds_[0]->size()) << "every byte was asked for exactly once";
  std::uint64_t reported = 0;
  for (std::size_t bot = 0; bot < 4; ++bot) {
    EXPECT_GT(observer_.downloaded_bytes[bot], 0U) << "bot " << bot;
    reported += observer_.downloaded_bytes[bot];
  }
  EXPECT_EQ(reported, static_cast<std::uint64_t>(worlds_[0]->size()));
  EXPECT_EQ(observer_.miss_bytes, static_cast<std::uint64_t>(worlds_[0]->size()));
  EXPECT_EQ(observer_.hit_bytes, 0U);
}

TEST_F(SpreadStreamingTest, EveryRangeShapeIsByteExact) {
  const std::int64_t size = 9 * kSlice + 5;
  make(3, size);
  const std::vector<std::pair<std::int64_t, std::int64_t>> ranges = {
      {0, 1}, {size - 1, 1}, {kSlice - 1, 2}, {12345, 3 * kSlice}, {0, size}, {size / 2, size / 2}};
  for (const auto& [offset, length] : ranges) {
    RecordingChannel out;
    std::optional<StreamOutcome> outcome;
    start_read(static_cast<std::uint64_t>(offset), static_cast<std::uint64_t>(length), out,
               outcome);
    ASSERT_TRUE(pump([&] { return outcome.has_value(); }));
    EXPECT_EQ(*outcome, StreamOutcome::Complete);
    EXPECT_EQ(out.body(), worlds_[0]->content().substr(static_cast<std::size_t>(offset),
                                                       static_cast<std::size_t>(length)))
        << offset << "+" << length;
  }
}

TEST_F(SpreadStreamingTest, ASilentBotsSliceMovesToAnotherBot) {
  make(3, 12 * kSlice, std::chrono::seconds(1));
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  start_read(0, static_cast<std::uint64_t>(worlds_[0]->size()), out, outcome);
  // Bot 1 takes slices and never brings a byte (a silent flood wait).
  ASSERT_TRUE(pump([&] { return outcome.has_value(); }, {1}));
  EXPECT_EQ(*outcome, StreamOutcome::Complete);
  EXPECT_EQ(out.body(), worlds_[0]->content());
  EXPECT_FALSE(worlds_[1]->windows().empty()) << "bot 1 was given a slice";
  EXPECT_FALSE(bots_[1]->client.sent_of_type("cancelDownloadFile").empty())
      << "the stalled slice was cancelled in bot 1's TDLib";
  EXPECT_GE(observer_.stalls[1], 1);
  EXPECT_GE(observer_.handovers[1], 1);
  EXPECT_EQ(observer_.downloaded_bytes[1], 0U);
  EXPECT_EQ(observer_.hit_bytes + observer_.miss_bytes,
            static_cast<std::uint64_t>(worlds_[0]->size()));
}

TEST_F(SpreadStreamingTest, ADisconnectedBotGetsNoSlice) {
  make(3, 8 * kSlice);
  bots_[2]->connected = false;
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  start_read(0, static_cast<std::uint64_t>(worlds_[0]->size()), out, outcome);
  ASSERT_TRUE(pump([&] { return outcome.has_value(); }));
  EXPECT_EQ(out.body(), worlds_[0]->content());
  EXPECT_TRUE(worlds_[2]->windows().empty());
  EXPECT_FALSE(worlds_[0]->windows().empty());
  EXPECT_FALSE(worlds_[1]->windows().empty());
}

TEST_F(SpreadStreamingTest, BytesOnAnyBotsDiskAreSentWithoutADownload) {
  make(4, 6 * kSlice);
  worlds_[3]->mark_on_disk(0, worlds_[3]->size());  // only the fourth bot has the file
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  start_read(100, static_cast<std::uint64_t>(worlds_[3]->size() - 100), out, outcome);
  ASSERT_TRUE(pump([&] { return outcome.has_value(); }));
  EXPECT_EQ(*outcome, StreamOutcome::Complete);
  EXPECT_EQ(out.body(), worlds_[3]->content().substr(100));
  for (const auto& bot : bots_) EXPECT_TRUE(bot->client.sent_of_type("downloadFile").empty());
  EXPECT_EQ(observer_.hit_bytes, static_cast<std::uint64_t>(worlds_[3]->size() - 100));
  EXPECT_EQ(observer_.miss_bytes, 0U);
}

TEST_F(SpreadStreamingTest, AClientThatLeavesCancelsTheSlicesUnderWay) {
  make(2, 32 * kSlice, std::chrono::seconds(1));
  RecordingChannel out{{.capacity = 1}};
  std::optional<StreamOutcome> outcome;
  start_read(0, static_cast<std::uint64_t>(worlds_[0]->size()), out, outcome);
  // Bot 1 never finishes, so its slice is under way when the client leaves.
  ASSERT_TRUE(pump([&] { return outcome.has_value(); }, {1}));
  EXPECT_EQ(*outcome, StreamOutcome::ClientGone);
  ASSERT_TRUE(
      run_until(io_, [&] { return !bots_[1]->client.sent_of_type("cancelDownloadFile").empty(); }));
  EXPECT_EQ(streamer_->active_readers(), 0u);
}

TEST_F(SpreadStreamingTest, TwoStreamsBothProgressOnSharedBots) {
  make(2, 24 * kSlice);
  RecordingChannel first;
  RecordingChannel second;
  std::optional<StreamOutcome> first_outcome;
  std::optional<StreamOutcome> second_outcome;
  start_read(0, 8 * kSlice, first, first_outcome);
  start_read(12 * kSlice, 8 * kSlice, second, second_outcome);
  ASSERT_TRUE(pump([&] { return first_outcome && second_outcome; }));
  EXPECT_EQ(first.body(), worlds_[0]->content().substr(0, 8 * kSlice));
  EXPECT_EQ(second.body(), worlds_[0]->content().substr(12 * kSlice, 8 * kSlice));
}

// A download manager's connections: the first asks for the whole file and leaves once it has
// its part, the others ask for theirs. They are planned together, so every byte is downloaded
// once, by one bot or another, and each connection gets exactly its bytes.
TEST_F(SpreadStreamingTest, ADownloadManagersConnectionsDownloadEveryByteOnce) {
  constexpr std::uint64_t kPart = 3 * kSlice;
  make(4, 4 * kPart);
  std::vector<std::unique_ptr<RecordingChannel>> outs;
  std::vector<std::optional<StreamOutcome>> outcomes(4);
  outs.push_back(std::make_unique<RecordingChannel>(RecordingChannel::Options{.capacity = kPart}));
  start_read(0, 4 * kPart, *outs[0], outcomes[0]);
  for (std::uint64_t part = 1; part < 4; ++part) {
    outs.push_back(std::make_unique<RecordingChannel>());
    start_read(part * kPart, kPart, *outs.back(), outcomes[part]);
  }
  ASSERT_TRUE(pump([&] {
    return std::all_of(outcomes.begin(), outcomes.end(),
                       [](const auto& o) { return o.has_value(); });
  }));
  EXPECT_EQ(outcomes[0], StreamOutcome::ClientGone);
  for (std::size_t part = 0; part < 4; ++part) {
    EXPECT_EQ(outs[part]->body(), worlds_[0]->content().substr(part * kPart, kPart)) << part;
  }
  EXPECT_EQ(on_every_disk(), worlds_[0]->size()) << "no byte downloaded twice";
  EXPECT_EQ(streamer_->active_readers(), 0u);
}

// A range, then the whole file: the stream finds the range's bytes on the bot that brought them
// (media/held_bytes.hpp) instead of running a slice through them, so no byte comes twice.
TEST_F(SpreadStreamingTest, AStreamAfterARangeFetchesOnlyWhatTheRangeDidNotBring) {
  make(4, 6 * kSlice);
  const std::uint64_t size = static_cast<std::uint64_t>(worlds_[0]->size());
  for (const ByteRange range : {ByteRange{kSlice + 100, 3 * kSlice}, ByteRange::whole(size)}) {
    RecordingChannel out;
    std::optional<StreamOutcome> outcome;
    start_read(range.begin, range.length(), out, outcome);
    ASSERT_TRUE(pump([&] { return outcome.has_value(); }));
    EXPECT_EQ(*outcome, StreamOutcome::Complete);
    EXPECT_EQ(out.body(), worlds_[0]->content().substr(range.begin, range.length()));
  }
  EXPECT_EQ(on_every_disk(), worlds_[0]->size()) << "bytes the range brought came again";
  EXPECT_GE(observer_.hit_bytes, 2 * kSlice - 100) << "the range's bytes were not sent from disk";
}

// A bot that still brings a byte now and then, far below the crawl limit, is never
// silent long enough to count as stalled; the crawl limit hands its slice to the others, which
// finish it without fetching any byte it already brought.
TEST_F(SpreadStreamingTest, ACrawlingBotsSliceIsFinishedByTheOthers) {
  make(3, 12 * kSlice, std::chrono::seconds(10), [](SpreadSettings& spread) {
    spread.crawl_bytes_per_second = 256 * 1024;
    spread.crawl_window = std::chrono::milliseconds(300);
  });
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  start_read(0, static_cast<std::uint64_t>(worlds_[0]->size()), out, outcome);
  // Bot 1 brings 256 bytes every 20 ms: about 12 KiB/s.
  ASSERT_TRUE(
      pump_slow([&] { return outcome.has_value(); }, {1}, 256, std::chrono::milliseconds(20)));
  EXPECT_EQ(*outcome, StreamOutcome::Complete);
  EXPECT_EQ(out.body(), worlds_[0]->content());
  EXPECT_GE(observer_.stalls[1], 1) << "the crawl counts as a stall of bot 1";
  EXPECT_GE(observer_.handovers[1], 1);
  EXPECT_EQ(on_every_disk(), worlds_[0]->size()) << "no byte downloaded twice";

  EXPECT_EQ(observer_.twice_bytes, 0U);
}

// A bot with nothing left to take steals the second half of a slower bot's slice. The
// window it was cut from is cut short at once, so with less than the margin in flight (here a
// bot brings 1 KiB at a time, as TDLib's parts) what comes twice is bounded by the margin per
// steal, and whatever came twice is counted.
TEST_F(SpreadStreamingTest, AnIdleBotStealsTheTailOfASlowBotsSlice) {
  constexpr std::int64_t kMargin = 2048;
  make(3, 6 * kSlice, std::chrono::seconds(10), [](SpreadSettings& spread) {
    spread.slices.steal_min_bytes = 4096;
    spread.slices.steal_margin_bytes = kMargin;
  });
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  start_read(0, static_cast<std::uint64_t>(worlds_[0]->size()), out, outcome);
  // Bot 1 brings 256 bytes every 20 ms, and only while the others have nothing to do.
  ASSERT_TRUE(pump_slow([&] { return outcome.has_value(); }, {1}, 256,
                        std::chrono::milliseconds(20), 1024, true));
  EXPECT_EQ(*outcome, StreamOutcome::Complete);
  EXPECT_EQ(out.body(), worlds_[0]->content());
  bool stolen = false;
  for (std::size_t bot : {0U, 2U}) {  // a fast bot's window
    for (const boost::json::object& w : worlds_[bot]->windows()) {
      stolen = stolen || w.at("offset").as_int64() % kSlice != 0;  // a tail starts mid-slice
    }
  }
  EXPECT_TRUE(stolen) << "a fast bot took the tail of bot 1's slice";
  EXPECT_EQ(static_cast<std::uint64_t>(on_every_disk() - worlds_[0]->size()), observer_.twice_bytes)
      << "every byte downloaded twice is counted";
  // A steal starts a window mid-slice (the thief's), and perhaps one more (the victim's, cut).
  int mid_slice_windows = 0;
  for (const auto& world : worlds_) {
    for (const boost::json::object& w : world->windows()) {
      if (w.at("offset").as_int64() % kSlice != 0) ++mid_slice_windows;
    }
  }
  EXPECT_LE(observer_.twice_bytes, static_cast<std::uint64_t>(mid_slice_windows * kMargin));
}

}  // namespace
}  // namespace tglink::testing
