#include "serving/active_streams.hpp"

#include <optional>

#include <gtest/gtest.h>

#include "support/fake_clock.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;
using testing::FakeClock;

// No stream yet, on a fake clock the tests move.
class ActiveStreamsTest : public ::testing::Test {
 protected:
  FakeClock clock;
  ActiveStreams streams{clock};
};

TEST_F(ActiveStreamsTest, CountsTicketsWhileTheyLive) {
  EXPECT_EQ(streams.count(), 0U);
  {
    const ActiveStreams::Ticket a = streams.start();
    const ActiveStreams::Ticket b = streams.start();
    EXPECT_EQ(streams.count(), 2U);
  }
  EXPECT_EQ(streams.count(), 0U);
}

TEST_F(ActiveStreamsTest, ListsEachBodysClientAndFileOldestFirst) {
  const ActiveStreams::Ticket first = streams.start("10.0.0.1", "a.mkv");
  clock.advance(5s);
  std::optional<ActiveStreams::Ticket> second(streams.start("10.0.0.2", "b <c>.mp4"));
  std::vector<ActiveStreams::Entry> entries = streams.entries();
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].client, "10.0.0.1");
  EXPECT_EQ(entries[1].file, "b <c>.mp4");
  EXPECT_EQ(clock.steady_now() - entries[0].started, 5s);
  second.reset();
  entries = streams.entries();
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_EQ(entries[0].file, "a.mkv");
}

TEST_F(ActiveStreamsTest, MovedTicketReleasesOnce) {
  std::optional<ActiveStreams::Ticket> outer;
  {
    ActiveStreams::Ticket inner = streams.start();
    outer.emplace(std::move(inner));
  }
  EXPECT_EQ(streams.count(), 1U);
  outer.reset();
  EXPECT_EQ(streams.count(), 0U);
}

TEST_F(ActiveStreamsTest, SweepDropsOnlyEntriesOlderThanTheMaximumAge) {
  const ActiveStreams::Ticket old_one = streams.start();
  clock.advance(3h);
  const ActiveStreams::Ticket young = streams.start();
  clock.advance(1h);
  EXPECT_EQ(streams.sweep(), 0U);  // exactly 4 h is not yet older than 4 h
  clock.advance(1s);
  EXPECT_EQ(streams.sweep(), 1U);
  EXPECT_EQ(streams.count(), 1U);
}

TEST_F(ActiveStreamsTest, SweptTicketReleasesHarmlessly) {
  {
    const ActiveStreams::Ticket stale = streams.start();
    clock.advance(5h);
    streams.sweep();
    EXPECT_EQ(streams.count(), 0U);
    const ActiveStreams::Ticket fresh = streams.start();
    EXPECT_EQ(streams.count(), 1U);
  }
  EXPECT_EQ(streams.count(), 0U);
}

}  // namespace
}  // namespace tglink
