// A split file joined into one link, served over a fake single-file streamer: located as one file
// of the summed size with the joined name's type, every range byte-exact across the part
// boundaries (and through stream_internal), the store asked once per message, other files
// passed through, and a missing or unreachable part refusing the whole.
#include "media/joined_file_streamer.hpp"

#include <map>
#include <optional>
#include <string>
#include <utility>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <gtest/gtest.h>

#include "support/recording_channel.hpp"

namespace tglink {
namespace {

namespace asio = boost::asio;

// Single files by message id, each sent in pieces of 3 bytes.
class FakeSingleFiles final : public FileStreamer {
 public:
  std::map<std::int64_t, std::string> contents;
  std::map<std::int64_t, LocateStatus> refusals;
  int internal_streams = 0;

  asio::awaitable<LocateResult> locate(std::int64_t message_id) override {
    LocateResult result;
    if (const auto refused = refusals.find(message_id); refused != refusals.end()) {
      result.status = refused->second;
      co_return result;
    }
    const auto it = contents.find(message_id);
    if (it == contents.end()) co_return result;  // NotFound
    result.status = LocateStatus::Found;
    result.file.message_id = message_id;
    result.file.file_name = "part" + std::to_string(message_id);
    result.file.mime_type = "application/octet-stream";
    result.file.size = static_cast<std::int64_t>(it->second.size());
    result.file.unique_id = "u" + std::to_string(message_id);
    result.file.date_unix = 1000 + message_id;
    co_return result;
  }

  asio::awaitable<StreamOutcome> stream(const StoredFile& file, ByteRange range,
                                        ResponseChannel& out) override {
    EXPECT_TRUE(file.parts.empty()) << "a joined file reached the single-file streamer";
    const std::string& bytes = contents.at(file.message_id);
    EXPECT_LE(range.end, bytes.size());
    for (std::uint64_t at = range.begin; at < range.end; at += 3) {
      const std::uint64_t length = std::min<std::uint64_t>(3, range.end - at);
      if (!co_await out.write(std::span<const char>(bytes.data() + at, length))) {
        co_return StreamOutcome::ClientGone;
      }
    }
    co_return StreamOutcome::Complete;
  }

  asio::awaitable<StreamOutcome> stream_internal(const StoredFile& file, ByteRange range,
                                                 ResponseChannel& out) override {
    ++internal_streams;
    co_return co_await stream(file, range, out);
  }
};

template <typename T>
T run_joined(asio::awaitable<T> work) {
  asio::io_context io;
  auto done = asio::co_spawn(io, std::move(work), asio::use_future);
  io.run();
  return done.get();
}

constexpr std::int64_t kJoinedId = 1;  // the link's message id: the first part's copy
const std::string kPart1 = "ABCDEFGHIJ";
const std::string kPart2 = "KLMNOPQRST";
const std::string kPart3 = "uvwx";
const std::string kWhole = kPart1 + kPart2 + kPart3;

struct JoinedFileStreamerTest : ::testing::Test {
  FakeSingleFiles single;
  std::map<std::int64_t, int> lookups;
  JoinedFileStreamer files{single, [this](std::int64_t message_id) { return lookup(message_id); }};

  JoinedFileStreamerTest() {
    single.contents = {{kJoinedId, kPart1}, {2, kPart2}, {3, kPart3}, {9, "plain"}};
  }

  asio::awaitable<std::optional<JoinedParts>> lookup(std::int64_t message_id) {
    ++lookups[message_id];
    if (message_id != kJoinedId) co_return std::nullopt;
    co_return JoinedParts{"movie.mp4", {kJoinedId, 2, 3}};
  }

  LocateResult locate(std::int64_t message_id) { return run_joined(files.locate(message_id)); }

  std::string read(const StoredFile& file, ByteRange range, bool internal = false) {
    testing::RecordingChannel out;
    const StreamOutcome outcome = run_joined(internal ? files.stream_internal(file, range, out)
                                                      : files.stream(file, range, out));
    EXPECT_EQ(outcome, StreamOutcome::Complete);
    return out.body();
  }
};

TEST_F(JoinedFileStreamerTest, AJoinedFileIsOneFileOfTheSummedSize) {
  const LocateResult found = locate(kJoinedId);
  ASSERT_EQ(found.status, LocateStatus::Found) << found.detail;
  EXPECT_EQ(found.file.message_id, kJoinedId);
  EXPECT_EQ(found.file.file_name, "movie.mp4");
  EXPECT_EQ(found.file.mime_type, "video/mp4");
  EXPECT_EQ(found.file.size, static_cast<std::int64_t>(kWhole.size()));
  EXPECT_EQ(found.file.date_unix, 1003);
  ASSERT_EQ(found.file.parts.size(), 3U);
  EXPECT_TRUE(found.file.unique_id.starts_with("joined-")) << found.file.unique_id;
  EXPECT_NE(found.file.unique_id, "u1");
  EXPECT_EQ(locate(kJoinedId).file.unique_id, found.file.unique_id) << "the ETag source moved";
}

TEST_F(JoinedFileStreamerTest, EveryRangeIsByteExactAcrossThePartBoundaries) {
  const StoredFile file = locate(kJoinedId).file;
  for (std::uint64_t begin = 0; begin <= kWhole.size(); ++begin) {
    for (std::uint64_t end = begin; end <= kWhole.size(); ++end) {
      ASSERT_EQ(read(file, {begin, end}), kWhole.substr(begin, end - begin)) << begin << "-" << end;
    }
  }
  EXPECT_EQ(read(file, ByteRange::whole(kWhole.size()), true), kWhole);
  EXPECT_EQ(single.internal_streams, 3) << "the converter's reads go through stream_internal";
}

TEST_F(JoinedFileStreamerTest, TheStoreIsAskedOncePerMessage) {
  (void)locate(kJoinedId);
  (void)locate(kJoinedId);
  (void)locate(9);
  (void)locate(9);
  EXPECT_EQ(lookups[kJoinedId], 1);
  EXPECT_EQ(lookups[9], 1);
}

TEST_F(JoinedFileStreamerTest, OtherFilesPassThrough) {
  const LocateResult plain = locate(9);
  ASSERT_EQ(plain.status, LocateStatus::Found);
  EXPECT_TRUE(plain.file.parts.empty());
  EXPECT_EQ(read(plain.file, {1, 4}), "lai");
  EXPECT_EQ(locate(77).status, LocateStatus::NotFound);
}

TEST_F(JoinedFileStreamerTest, AMissingOrUnreachablePartRefusesTheWhole) {
  single.contents.erase(2);
  const LocateResult gone = locate(kJoinedId);
  EXPECT_EQ(gone.status, LocateStatus::NotFound);
  EXPECT_NE(gone.detail.find("part 2 of 3"), std::string::npos) << gone.detail;
  single.refusals[2] = LocateStatus::Unavailable;
  EXPECT_EQ(locate(kJoinedId).status, LocateStatus::Unavailable);
}

TEST_F(JoinedFileStreamerTest, AClientThatGoesAwayStopsTheParts) {
  const StoredFile file = locate(kJoinedId).file;
  testing::RecordingChannel out(testing::RecordingChannel::Options{.capacity = 12});
  EXPECT_EQ(run_joined(files.stream(file, ByteRange::whole(kWhole.size()), out)),
            StreamOutcome::ClientGone);
  EXPECT_LE(out.body().size(), 12U);
}

}  // namespace
}  // namespace tglink
