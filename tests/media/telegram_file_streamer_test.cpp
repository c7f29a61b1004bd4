// The download engine against scripted TDLib clients: which bytes are downloaded, in which
// windows, how readers share a file's one window, retries, moving to another bot, eviction,
// and that every reader gets exactly its bytes.

#include "media/telegram_file_streamer.hpp"

#include <optional>

#include <boost/asio/io_context.hpp>
#include <gtest/gtest.h>

#include "fake_file_world.hpp"
#include "fake_roster.hpp"
#include "logging/log.hpp"
#include "streamer_calls.hpp"
#include "support/io_wait.hpp"
#include "support/recording_channel.hpp"
#include "support/temp_dir.hpp"

namespace tglink::testing {
namespace {

namespace asio = boost::asio;
constexpr std::int64_t kChunk = 64 * 1024;  // the test's read-ahead

class StreamerTest : public ::testing::Test {
 protected:
  void make_streamer(std::vector<FakeBot*> bots, std::uint64_t cache_max = 1ull << 40) {
    StreamerSettings settings;
    settings.log_channel = kFakeLogChannel;
    settings.cache_max_bytes = cache_max;
    settings.download.read_ahead = kChunk;
    settings.download.max_failures = 3;
    settings.download.first_backoff = std::chrono::milliseconds(1);
    settings.download.max_backoff = std::chrono::milliseconds(4);
    streamer_ = std::make_unique<TelegramFileStreamer>(
        io_.get_executor(), settings, log_, std::make_unique<FakeRoster>(std::move(bots)), clock_);
  }

  FakeFileWorld& world(FakeBot& bot, std::size_t bytes, std::int32_t file_id = 11) {
    worlds_.push_back(std::make_unique<FakeFileWorld>(
        bot.client, dir_.path() / ("file" + std::to_string(worlds_.size())), patterned_bytes(bytes),
        file_id));
    return *worlds_.back();
  }

  LocateResult locate() { return locate_now(io_, *streamer_, kFakeMessageId); }

  // Starts a read; the outcome lands in `outcome` when it ends.
  void start_read(std::uint64_t offset, std::uint64_t length, RecordingChannel& out,
                  std::optional<StreamOutcome>& outcome) {
    start_stream(io_, *streamer_, locate().file, ByteRange::starting_at(offset, length), out,
                 outcome);
  }

  // Completes windows as they are asked for, until the reads end.
  bool pump(FakeFileWorld& world, const std::function<bool()>& done) {
    return run_until(io_, [&] {
      if (world.open_windows() > 0) world.complete_window();
      return done();
    });
  }

  asio::io_context io_;
  Log log_{LogOptions{.console = false}};
  SystemClock clock_;
  TempDir dir_{"tglink-media-test"};
  // Before the streamer, which unsubscribes from their clients when it goes.
  FakeBot bot_;
  FakeBot other_bot_;
  std::vector<std::unique_ptr<FakeFileWorld>> worlds_;
  std::unique_ptr<TelegramFileStreamer> streamer_;
};

TEST_F(StreamerTest, LocateAsksTheChannelOnceAndCachesTheAnswer) {
  FakeBot& bot = bot_;
  world(bot, 1000);
  make_streamer({&bot});
  const LocateResult first = locate();
  ASSERT_EQ(first.status, LocateStatus::Found);
  EXPECT_EQ(first.file.file_name, "movie.mp4");
  EXPECT_EQ(first.file.size, 1000);
  EXPECT_EQ(first.file.unique_id, "AgADfake");
  EXPECT_EQ(locate().status, LocateStatus::Found);
  EXPECT_EQ(bot.client.sent_of_type("getChat").size(), 1u);
  EXPECT_EQ(bot.client.sent_of_type("getMessage").size(), 1u);
}

TEST_F(StreamerTest, DeletedMessageIsNotFoundAndForgotten) {
  FakeBot& bot = bot_;
  FakeFileWorld& w = world(bot, 1000);
  make_streamer({&bot});
  ASSERT_EQ(locate().status, LocateStatus::Found);
  streamer_->forget(kFakeMessageId);
  w.delete_message();
  EXPECT_EQ(locate().status, LocateStatus::NotFound);
  EXPECT_EQ(locate().status, LocateStatus::NotFound);
  EXPECT_EQ(bot.client.sent_of_type("getMessage").size(), 3u);  // a 404 is never cached
}

TEST_F(StreamerTest, NoConnectedBotIsUnavailable) {
  FakeBot& bot = bot_;
  bot.connected = false;
  world(bot, 1000);
  make_streamer({&bot});
  EXPECT_EQ(locate().status, LocateStatus::Unavailable);
  EXPECT_TRUE(bot.client.sent().empty());
}

TEST_F(StreamerTest, BytesOnDiskAreSentWithoutAnyDownload) {
  FakeBot& bot = bot_;
  FakeFileWorld& w = world(bot, 300000);
  w.mark_on_disk(0, w.size());
  make_streamer({&bot});
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  start_read(1000, 200000, out, outcome);
  ASSERT_TRUE(run_until(io_, [&] { return outcome.has_value(); }));
  EXPECT_EQ(*outcome, StreamOutcome::Complete);
  EXPECT_EQ(out.body(), w.content().substr(1000, 200000));
  EXPECT_TRUE(bot.client.sent_of_type("downloadFile").empty());
}

TEST_F(StreamerTest, MissingBytesComeThroughBoundedWindowsFromTheReadOffset) {
  FakeBot& bot = bot_;
  FakeFileWorld& w = world(bot, 5 * kChunk + 123);
  make_streamer({&bot});
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  start_read(100, static_cast<std::uint64_t>(w.size() - 100), out, outcome);
  ASSERT_TRUE(pump(w, [&] { return outcome.has_value(); }));
  EXPECT_EQ(*outcome, StreamOutcome::Complete);
  EXPECT_EQ(out.body(), w.content().substr(100));
  ASSERT_FALSE(w.windows().empty());
  EXPECT_EQ(w.windows().front().at("offset").as_int64(), 100);
  for (const boost::json::object& window : w.windows()) {
    EXPECT_LE(window.at("limit").as_int64(), kChunk);
    EXPECT_GT(window.at("limit").as_int64(), 0);  // never "to the end"
  }
}

TEST_F(StreamerTest, TwoReadersOfOneFileTakeTurnsWithTheWindow) {
  FakeBot& bot = bot_;
  FakeFileWorld& w = world(bot, 16 * kChunk);
  make_streamer({&bot});
  RecordingChannel first;
  RecordingChannel second;
  std::optional<StreamOutcome> first_outcome;
  std::optional<StreamOutcome> second_outcome;
  start_read(0, 4 * kChunk, first, first_outcome);
  start_read(8 * kChunk, 4 * kChunk, second, second_outcome);
  ASSERT_TRUE(pump(w, [&] { return first_outcome && second_outcome; }));
  EXPECT_EQ(first.body(), w.content().substr(0, 4 * kChunk));
  EXPECT_EQ(second.body(), w.content().substr(8 * kChunk, 4 * kChunk));
  // Both readers had the window before either finished: turns alternate.
  std::vector<bool> owners;  // true: the window was in the second reader's half
  for (const boost::json::object& window : w.windows()) {
    owners.push_back(window.at("offset").as_int64() >= 8 * kChunk);
  }
  ASSERT_GE(owners.size(), 4u);
  const auto first_switch =
      std::adjacent_find(owners.begin(), owners.end(), [](bool a, bool b) { return a != b; });
  ASSERT_NE(first_switch, owners.end());
  EXPECT_LT(first_switch - owners.begin(), 2) << "the second reader waited for a whole read";
}

TEST_F(StreamerTest, AFailedWindowIsRetried) {
  FakeBot& bot = bot_;
  FakeFileWorld& w = world(bot, 2 * kChunk);
  make_streamer({&bot});
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  start_read(0, 2 * kChunk, out, outcome);
  ASSERT_TRUE(run_until(io_, [&] { return w.open_windows() > 0; }));
  w.fail_window();
  ASSERT_TRUE(run_until(io_, [&] { return w.open_windows() > 0; }));  // asked again
  ASSERT_TRUE(pump(w, [&] { return outcome.has_value(); }));
  EXPECT_EQ(*outcome, StreamOutcome::Complete);
  EXPECT_EQ(out.body(), w.content());
}

TEST_F(StreamerTest, ABotThatKeepsFailingHandsTheReaderToAnotherBot) {
  FakeBot& failing = bot_;
  FakeBot& healthy = other_bot_;
  FakeFileWorld& bad = world(failing, 3 * kChunk, 11);
  FakeFileWorld& good = world(healthy, 3 * kChunk, 99);  // its own file id
  bad.mark_on_disk(0, kChunk);                           // the first chunk is there already
  make_streamer({&failing, &healthy});
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  start_read(0, 3 * kChunk, out, outcome);
  ASSERT_TRUE(run_until(io_, [&] {
    if (bad.open_windows() > 0) bad.fail_window();
    if (good.open_windows() > 0) good.complete_window();
    return outcome.has_value();
  }));
  EXPECT_EQ(*outcome, StreamOutcome::Complete);
  EXPECT_EQ(out.body(), good.content());
  ASSERT_FALSE(good.windows().empty());
  EXPECT_EQ(good.windows().front().at("offset").as_int64(), kChunk);  // where the first stopped
  EXPECT_EQ(good.windows().front().at("file_id").as_int64(), 99);
}

// One request locates the file once per bot: the bot whose locate() found it is not asked again
// by stream(), and every other bot once, for its own file id. Forgetting the locators' caches in
// between makes any second lookup a getMessage the test sees.
TEST_F(StreamerTest, AFileIsLocatedAtMostOncePerBotInARequest) {
  FakeBot& first = bot_;
  FakeBot& second = other_bot_;
  FakeFileWorld& one = world(first, 3 * kChunk, 11);
  FakeFileWorld& two = world(second, 3 * kChunk, 99);
  one.mark_on_disk(0, one.size());
  two.mark_on_disk(0, two.size());
  make_streamer({&first, &second});
  const StoredFile file = locate().file;
  ASSERT_TRUE(file.located_by.has_value());
  EXPECT_EQ(file.located_by->bot, 0u);
  EXPECT_EQ(file.located_by->file_id, 11);
  streamer_->trim();
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  const ByteRange range{kChunk, 3 * kChunk};
  start_stream(io_, *streamer_, file, range, out, outcome);
  ASSERT_TRUE(run_until(io_, [&] { return outcome.has_value(); }));
  EXPECT_EQ(*outcome, StreamOutcome::Complete);
  EXPECT_EQ(out.body(), one.content().substr(kChunk));
  EXPECT_EQ(first.client.sent_of_type("getMessage").size(), 1u) << "only locate() asked it";
  EXPECT_EQ(second.client.sent_of_type("getMessage").size(), 1u) << "stream() asked it once";
}

TEST_F(StreamerTest, ARangePastTheFileEndFailsWithoutAskingAnyBot) {
  FakeBot& bot = bot_;
  world(bot, 1000);
  make_streamer({&bot});
  const StoredFile file = locate().file;
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  const ByteRange range{500, 1001};
  start_stream(io_, *streamer_, file, range, out, outcome);
  ASSERT_TRUE(run_until(io_, [&] { return outcome.has_value(); }));
  EXPECT_EQ(*outcome, StreamOutcome::SourceFailed);
  EXPECT_TRUE(out.body().empty());
  EXPECT_TRUE(bot.client.sent_of_type("downloadFile").empty());
}

TEST_F(StreamerTest, WhenEveryBotFailsTheSourceFails) {
  FakeBot& bot = bot_;
  FakeFileWorld& w = world(bot, 2 * kChunk);
  make_streamer({&bot});
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  start_read(0, 2 * kChunk, out, outcome);
  ASSERT_TRUE(run_until(io_, [&] {
    if (w.open_windows() > 0) w.fail_window();
    return outcome.has_value();
  }));
  EXPECT_EQ(*outcome, StreamOutcome::SourceFailed);
  EXPECT_TRUE(out.body().empty());
}

TEST_F(StreamerTest, AClientThatLeavesStopsTheRead) {
  FakeBot& bot = bot_;
  FakeFileWorld& w = world(bot, 4 * kChunk);
  make_streamer({&bot});
  RecordingChannel out{{.capacity = 1}};
  std::optional<StreamOutcome> outcome;
  start_read(0, 4 * kChunk, out, outcome);
  ASSERT_TRUE(pump(w, [&] { return outcome.has_value(); }));
  EXPECT_EQ(*outcome, StreamOutcome::ClientGone);
  EXPECT_EQ(out.body(), w.content().substr(0, out.body().size()));
  EXPECT_EQ(streamer_->active_readers(), 0u);
}

TEST_F(StreamerTest, OverBudgetIdleFilesAreCancelledThenDeleted) {
  FakeBot& bot = bot_;
  FakeFileWorld& w = world(bot, 2 * kChunk);
  make_streamer({&bot}, kChunk);  // the budget is half the file
  RecordingChannel out;
  std::optional<StreamOutcome> outcome;
  start_read(0, 2 * kChunk, out, outcome);
  ASSERT_TRUE(pump(w, [&] { return outcome.has_value(); }));
  ASSERT_EQ(*outcome, StreamOutcome::Complete);
  ASSERT_TRUE(run_until(io_, [&] { return !bot.client.sent_of_type("deleteFile").empty(); }));
  const std::vector<std::string> types = bot.client.sent_types();
  const auto cancel = std::find(types.begin(), types.end(), "cancelDownloadFile");
  const auto remove = std::find(types.begin(), types.end(), "deleteFile");
  ASSERT_NE(cancel, types.end());
  EXPECT_LT(cancel, remove);
  EXPECT_EQ(out.body(), w.content());
}

}  // namespace
}  // namespace tglink::testing
