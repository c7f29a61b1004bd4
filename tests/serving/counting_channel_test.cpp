// CountingChannel: counts what reached the connection, slice by slice, even
// when a write fails halfway; and stops a transfer kLimitOverrunBound after the month's limit.
#include "serving/counting_channel.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <gtest/gtest.h>

#include "support/recording_channel.hpp"

namespace tglink {
namespace {

namespace asio = boost::asio;
constexpr std::uint64_t kMiB = 1024 * 1024;

bool run(asio::awaitable<bool> write) {
  asio::io_context io;
  auto done = asio::co_spawn(io, std::move(write), asio::use_future);
  io.run();
  return done.get();
}

struct Counted {
  std::uint64_t total = 0;
  std::vector<std::uint64_t> reports;
  CountingChannel::OnSent on_sent() {
    return [this](std::uint64_t bytes) {
      total += bytes;
      reports.push_back(bytes);
    };
  }
};

TEST(CountingChannel, ClientThatLeavesMidWriteIsCountedForWhatItTook) {
  testing::RecordingChannel client{{.capacity = 2 * kMiB + 12345, .keep_bytes = false}};
  Counted counted;
  CountingChannel channel{client, counted.on_sent()};
  EXPECT_FALSE(run(channel.write_file(3, ByteRange::whole(10 * kMiB))));
  EXPECT_EQ(counted.total, 2 * kMiB + 12345);
  EXPECT_EQ(channel.body_bytes_sent(), 2 * kMiB + 12345);
  EXPECT_FALSE(channel.stopped_by_limit());
}

TEST(CountingChannel, LongWritesAreCountedSliceBySlice) {
  testing::RecordingChannel client{{.keep_bytes = false}};
  Counted counted;
  CountingChannel channel{client, counted.on_sent()};
  EXPECT_TRUE(run(channel.write_file(3, ByteRange::whole(3 * kMiB + 7))));
  EXPECT_EQ(counted.reports, (std::vector<std::uint64_t>{kMiB, kMiB, kMiB, 7}));
  const std::string memory(kMiB + 1, 'x');
  EXPECT_TRUE(run(channel.write(memory)));
  EXPECT_EQ(client.writes().back(), 1U);
  EXPECT_EQ(counted.total, 4 * kMiB + 8);
}

TEST(CountingChannel, WithoutALimitNothingIsStopped) {
  testing::RecordingChannel client{{.keep_bytes = false}};
  Counted counted;
  CountingChannel channel{client, counted.on_sent()};
  EXPECT_TRUE(run(channel.write_file(3, ByteRange::whole(64 * kMiB))));
  EXPECT_EQ(counted.total, 64 * kMiB);
}

TEST(CountingChannel, TransferUnderWayStopsWithinTheBoundOnceTheLimitIsReached) {
  testing::RecordingChannel client{{.keep_bytes = false}};
  Counted counted;
  // The month's limit is reached 1.5 MiB into this transfer, in the middle of its second slice.
  const std::uint64_t limit = kMiB + kMiB / 2;
  CountingChannel channel{client, counted.on_sent(), [&] { return counted.total >= limit; }};
  EXPECT_FALSE(run(channel.write_file(3, ByteRange::whole(64 * kMiB))));
  EXPECT_TRUE(channel.stopped_by_limit());
  EXPECT_GT(counted.total, limit);
  EXPECT_LE(counted.total - limit, kLimitOverrunBound);
  EXPECT_EQ(counted.total, 2 * kMiB + (kLimitOverrunBound - kCountingSlice));
  // And it stays stopped.
  EXPECT_FALSE(run(channel.write_file(3, ByteRange::whole(1))));
}

TEST(CountingChannel, LimitAlreadyReachedAllowsTheBoundLessOneSliceFromMemory) {
  testing::RecordingChannel client{{.keep_bytes = false}};
  Counted counted;
  CountingChannel channel{client, counted.on_sent(), [] { return true; }};
  const std::string memory(20 * kMiB, 'x');
  EXPECT_FALSE(run(channel.write(memory)));
  EXPECT_TRUE(channel.stopped_by_limit());
  EXPECT_EQ(counted.total, kLimitOverrunBound - kCountingSlice);
}

}  // namespace
}  // namespace tglink
