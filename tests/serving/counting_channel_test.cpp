// CountingChannel (issue 13 item 1): counts what reached the connection, slice by slice, even
// when a write fails halfway; and stops a transfer kLimitOverrunBound after the month's limit.
#include "serving/counting_channel.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <gtest/gtest.h>

namespace tglink {
namespace {

namespace asio = boost::asio;
constexpr std::uint64_t kMiB = 1024 * 1024;

// A connection whose client takes `capacity` body bytes and then goes away, part-way through a
// write as a real one does. write_file's descriptor is ignored: only counts matter here.
class ClientThatLeaves final : public ResponseChannel {
 public:
  explicit ClientThatLeaves(std::uint64_t capacity) : capacity_(capacity) {}

  void add_common_header(std::string, std::string) override {}
  asio::awaitable<void> send(HttpResponse) override { co_return; }
  asio::awaitable<void> begin_body(HttpResponse, std::uint64_t) override { co_return; }
  asio::awaitable<bool> write(std::span<const char> bytes) override {
    co_return take(bytes.size());
  }
  asio::awaitable<bool> write_file(int, ByteRange bytes) override {
    co_return take(bytes.length());
  }
  void abort() override {}
  [[nodiscard]] bool started() const override { return true; }
  [[nodiscard]] std::uint64_t body_bytes_sent() const override { return sent_; }
  [[nodiscard]] const std::vector<std::uint64_t>& writes() const { return writes_; }

 private:
  bool take(std::uint64_t length) {
    writes_.push_back(length);
    const std::uint64_t taken = std::min(length, capacity_ - sent_);
    sent_ += taken;
    return taken == length;
  }

  std::uint64_t capacity_;
  std::uint64_t sent_ = 0;
  std::vector<std::uint64_t> writes_;
};

constexpr std::uint64_t kNoEnd = std::numeric_limits<std::uint64_t>::max();

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
  ClientThatLeaves client{2 * kMiB + 12345};
  Counted counted;
  CountingChannel channel{client, counted.on_sent()};
  EXPECT_FALSE(run(channel.write_file(3, ByteRange::whole(10 * kMiB))));
  EXPECT_EQ(counted.total, 2 * kMiB + 12345);
  EXPECT_EQ(channel.body_bytes_sent(), 2 * kMiB + 12345);
  EXPECT_FALSE(channel.stopped_by_limit());
}

TEST(CountingChannel, LongWritesAreCountedSliceBySlice) {
  ClientThatLeaves client{kNoEnd};
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
  ClientThatLeaves client{kNoEnd};
  Counted counted;
  CountingChannel channel{client, counted.on_sent()};
  EXPECT_TRUE(run(channel.write_file(3, ByteRange::whole(64 * kMiB))));
  EXPECT_EQ(counted.total, 64 * kMiB);
}

TEST(CountingChannel, TransferUnderWayStopsWithinTheBoundOnceTheLimitIsReached) {
  ClientThatLeaves client{kNoEnd};
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
  ClientThatLeaves client{kNoEnd};
  Counted counted;
  CountingChannel channel{client, counted.on_sent(), [] { return true; }};
  const std::string memory(20 * kMiB, 'x');
  EXPECT_FALSE(run(channel.write(memory)));
  EXPECT_TRUE(channel.stopped_by_limit());
  EXPECT_EQ(counted.total, kLimitOverrunBound - kCountingSlice);
}

}  // namespace
}  // namespace tglink
