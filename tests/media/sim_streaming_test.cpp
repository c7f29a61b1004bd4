// The download engine on the TDLib simulator, in this process: a BotPool logged in on the
// simulator, files a user sent and a bot copied into the log channel, read through
// TelegramFileStreamer whole and by ranges, compared byte for byte with the source, with the
// simulator's counters showing what was downloaded.

#include <fstream>
#include <optional>
#include <random>

#include <boost/asio/io_context.hpp>
#include <gtest/gtest.h>
#include <stdlib.h>

#include "config/config.hpp"
#include "fake_file_world.hpp"
#include "logging/log.hpp"
#include "media/telegram_file_streamer.hpp"
#include "sim/control_client.hpp"
#include "streamer_calls.hpp"
#include "support/build_paths.hpp"
#include "support/io_wait.hpp"
#include "support/recording_channel.hpp"
#include "support/sim_clock_pump.hpp"
#include "support/temp_dir.hpp"
#include "telegram/bot_pool.hpp"
#include "telegram/td_json_library.hpp"

namespace tglink::testing {
namespace {

namespace asio = boost::asio;
namespace json = boost::json;

constexpr std::int64_t kLogChannel = -1001000000077;
constexpr std::int64_t kBotId = 1000000077;
constexpr const char* kToken = "1000000077:SIMtoken_media_streaming_tests_abc";
constexpr std::int64_t kUser = 5550077;
constexpr std::int64_t kMiB = 1024 * 1024;

class SimStreamingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string socket = (dir_.path() / "sim.sock").string();
    ::setenv("LOG_CHANNEL", std::to_string(kLogChannel).c_str(), 1);
    ::setenv("TGLINK_SIM_SOCKET", socket.c_str(), 1);
    config_.bot_token = kToken;
    config_.api_id = 12345;
    config_.api_hash = "0123456789abcdef0123456789abcdef";
    config_.data_dir = dir_.path();
    config_.tdjson_path = std::string(TGLINK_BINARY_DIR) + "/sim/libtdjson.so";
    config_.tdlib_network_none = false;
    config_.log_channel = kLogChannel;
    library_ = TdJsonLibrary::load(config_.tdjson_path);
    pool_ = std::make_unique<BotPool>(io_.get_executor(), config_, log_, library_);
    pool_->start();
    ASSERT_TRUE(run_until(io_, [&] { return pool_->main_bot().connected(); }));
    sim_ = std::make_unique<sim::ControlClient>(socket);
    sim_->create_user(kUser, "Viewer");
    streamer_ =
        std::make_unique<TelegramFileStreamer>(io_.get_executor(), config_, log_, *pool_, clock_);
  }

  void TearDown() override {
    streamer_.reset();
    if (pool_) {
      bool closed = false;
      pool_->close(std::chrono::seconds(10), [&](bool) { closed = true; });
      run_until(io_, [&] { return closed; });
    }
  }

  // A file the user sends to the bot, copied by the bot into the log channel: its message id.
  std::int64_t store_file(const std::string& name, const std::string& bytes) {
    const std::filesystem::path path = dir_.path() / name;
    std::ofstream(path, std::ios::binary) << bytes;
    return store_path(path);
  }

  std::int64_t store_path(const std::filesystem::path& path) {
    sim::SendFileRequest send;
    send.user_id = kUser;
    send.path = path.string();
    send.mime_type = "video/mp4";
    const sim::SentMessage sent = sim_->send_file(send);
    TelegramClient& bot = pool_->main_bot().client();
    std::optional<std::int64_t> copied;
    const SubscriptionId watch =
        bot.subscribe("updateMessageSendSucceeded", [&](const json::object& update) {
          copied = update.at("message").as_object().at("id").to_number<std::int64_t>();
        });
    json::object forward{{"@type", "forwardMessages"},
                         {"chat_id", kLogChannel},
                         {"from_chat_id", sent.chat_id},
                         {"message_ids", json::array{sent.message_id}},
                         {"send_copy", true},
                         {"remove_caption", false}};
    // TDLib copies only into a chat it has loaded; tglink loads LOG_CHANNEL at start.
    json::object load_channel{{"@type", "getChat"}, {"chat_id", kLogChannel}};
    bot.send(std::move(load_channel), [](json::object) {});
    bot.send(std::move(forward), [](json::object) {});
    EXPECT_TRUE(run_until(io_, [&] { return copied.has_value(); }));
    bot.unsubscribe(watch);
    return copied.value_or(0);
  }

  LocateResult locate(std::int64_t message_id) { return locate_now(io_, *streamer_, message_id); }

  // Reads [offset, offset + length) of the stored message into a string.
  std::string read(const StoredFile& file, std::uint64_t offset, std::uint64_t length,
                   StreamOutcome* outcome_out = nullptr) {
    RecordingChannel out;
    std::optional<StreamOutcome> outcome;
    start_stream(io_, *streamer_, file, ByteRange::starting_at(offset, length), out, outcome);
    EXPECT_TRUE(run_until(io_, [&] { return outcome.has_value(); }));
    if (outcome_out != nullptr && outcome) *outcome_out = *outcome;
    return out.body();
  }

  std::int64_t downloaded() { return sim_->counters(kBotId).bytes_downloaded; }

  TempDir dir_{"tglink-media-sim"};
  asio::io_context io_;
  Log log_{LogOptions{.console = false}};
  SystemClock clock_;
  Config config_;
  std::shared_ptr<TdJsonLibrary> library_;
  std::unique_ptr<BotPool> pool_;
  std::unique_ptr<sim::ControlClient> sim_;
  std::unique_ptr<TelegramFileStreamer> streamer_;
};

TEST_F(SimStreamingTest, SmallFilesAreReadWholeByteForByte) {
  for (const std::size_t size : {std::size_t{1}, std::size_t{4095}, std::size_t(kMiB + 1)}) {
    const std::string bytes = patterned_bytes(size);
    const LocateResult found = locate(store_file("f" + std::to_string(size), bytes));
    ASSERT_EQ(found.status, LocateStatus::Found) << found.detail;
    EXPECT_EQ(found.file.size, static_cast<std::int64_t>(size));
    StreamOutcome outcome = StreamOutcome::SourceFailed;
    EXPECT_EQ(read(found.file, 0, size, &outcome), bytes) << size << " bytes";
    EXPECT_EQ(outcome, StreamOutcome::Complete);
  }
}

TEST_F(SimStreamingTest, RandomRangesAreExactAndASecondReadDownloadsNothing) {
  const std::string bytes = patterned_bytes(static_cast<std::size_t>(20 * kMiB + 777));
  const LocateResult found = locate(store_file("movie.mp4", bytes));
  ASSERT_EQ(found.status, LocateStatus::Found) << found.detail;
  std::mt19937_64 random(7);
  for (int i = 0; i < 6; ++i) {
    const std::uint64_t offset = random() % bytes.size();
    const std::uint64_t length =
        1 + random() % std::min<std::uint64_t>(3 * kMiB, bytes.size() - offset);
    ASSERT_EQ(read(found.file, offset, length), bytes.substr(offset, length))
        << "range " << offset << "+" << length;
  }
  ASSERT_EQ(read(found.file, 0, bytes.size()), bytes);
  sim_->reset_counters();
  ASSERT_EQ(read(found.file, 0, bytes.size()), bytes);
  EXPECT_EQ(downloaded(), 0);
  EXPECT_EQ(sim_->counters(kBotId).download_file_calls, 0);
}

TEST_F(SimStreamingTest, TwoReadersAtDifferentOffsetsBothFinish) {
  const std::string bytes = patterned_bytes(static_cast<std::size_t>(40 * kMiB));
  const LocateResult found = locate(store_file("two.mp4", bytes));
  ASSERT_EQ(found.status, LocateStatus::Found);
  RecordingChannel first;
  RecordingChannel second;
  std::optional<StreamOutcome> a;
  std::optional<StreamOutcome> b;
  const StoredFile file = found.file;
  const ByteRange first_range = ByteRange::starting_at(0, 16 * kMiB);
  const ByteRange second_range = ByteRange::starting_at(24 * kMiB, 16 * kMiB);
  start_stream(io_, *streamer_, file, first_range, first, a);
  start_stream(io_, *streamer_, file, second_range, second, b);
  ASSERT_TRUE(run_until(io_, [&] { return a && b; }));
  EXPECT_EQ(*a, StreamOutcome::Complete);
  EXPECT_EQ(*b, StreamOutcome::Complete);
  EXPECT_EQ(first.body(), bytes.substr(0, 16 * kMiB));
  EXPECT_EQ(second.body(), bytes.substr(24 * kMiB, 16 * kMiB));
}

TEST_F(SimStreamingTest, A429StormStillGivesExactBytes) {
  const std::string bytes = patterned_bytes(static_cast<std::size_t>(6 * kMiB + 5));
  const LocateResult found = locate(store_file("storm.mp4", bytes));
  ASSERT_EQ(found.status, LocateStatus::Found);
  sim_->fault(kBotId, "flood", json::object{{"count", 3}, {"retry_after", 0}});
  StreamOutcome outcome = StreamOutcome::SourceFailed;
  EXPECT_EQ(read(found.file, 0, bytes.size(), &outcome), bytes);
  EXPECT_EQ(outcome, StreamOutcome::Complete);
}

TEST_F(SimStreamingTest, AnEndlessStormFailsTheSourceWithoutWrongBytes) {
  const std::string bytes = patterned_bytes(static_cast<std::size_t>(3 * kMiB));
  const LocateResult found = locate(store_file("endless.mp4", bytes));
  ASSERT_EQ(found.status, LocateStatus::Found);
  sim_->fault(kBotId, "flood", json::object{{"count", -1}, {"retry_after", 0}});
  // TDLib waits out 60 s of flood waits per part before it fails the download: let them pass.
  const SimClockPump pump((dir_.path() / "sim.sock").string(), 2.0);
  StreamOutcome outcome = StreamOutcome::Complete;
  const std::string body = read(found.file, 0, bytes.size(), &outcome);
  EXPECT_EQ(outcome, StreamOutcome::SourceFailed);
  EXPECT_EQ(body, bytes.substr(0, body.size()));
}

TEST_F(SimStreamingTest, ADeletedMessageIsNotFound) {
  const std::int64_t id = store_file("gone.bin", patterned_bytes(100));
  sim_->fault(kBotId, "delete_message", json::object{{"chat_id", kLogChannel}, {"message_id", id}});
  EXPECT_EQ(locate(id).status, LocateStatus::NotFound);
}

TEST_F(SimStreamingTest, ALargeSparseFileWithBiggerPartsReadsExactly) {
  // 300 MiB: TDLib's part size is 128 KiB here. The file is sparse, so it costs no disk.
  const std::filesystem::path path = dir_.path() / "big.bin";
  const std::int64_t size = 300 * kMiB + 12345;
  {
    std::ofstream out(path, std::ios::binary);
    out.seekp(size - 1);
    out.put('\x5a');
  }
  const std::string marker = "middle-of-the-file";
  {
    std::fstream out(path, std::ios::binary | std::ios::in | std::ios::out);
    out.seekp(150 * kMiB);
    out << marker;
  }
  const LocateResult found = locate(store_path(path));
  ASSERT_EQ(found.status, LocateStatus::Found);
  ASSERT_EQ(found.file.size, size);
  std::string expected(3 * kMiB, '\0');
  expected.replace(kMiB, marker.size(), marker);
  EXPECT_EQ(read(found.file, 149 * kMiB, 3 * kMiB), expected);
  EXPECT_EQ(read(found.file, static_cast<std::uint64_t>(size - 1), 1), "\x5a");
}

}  // namespace
}  // namespace tglink::testing
