#include "serving/active_streams.hpp"

#include <optional>

#include <gtest/gtest.h>

#include "support/fake_clock.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;
using testing::FakeClock;

TEST(ActiveStreams, CountsTicketsWhileTheyLive) {
  FakeClock clock;
  ActiveStreams streams(clock);
  EXPECT_EQ(streams.count(), 0U);
  {
    const ActiveStreams::Ticket a = streams.start();
    const ActiveStreams::Ticket b = streams.start();
    EXPECT_EQ(streams.count(), 2U);
  }
  EXPECT_EQ(streams.count(), 0U);
}

TEST(ActiveStreams, MovedTicketReleasesOnce) {
  FakeClock clock;
  ActiveStreams streams(clock);
  std::optional<ActiveStreams::Ticket> outer;
  {
    ActiveStreams::Ticket inner = streams.start();
    outer.emplace(std::move(inner));
  }
  EXPECT_EQ(streams.count(), 1U);
  outer.reset();
  EXPECT_EQ(streams.count(), 0U);
}

TEST(ActiveStreams, SweepDropsOnlyEntriesOlderThanTheMaximumAge) {
  FakeClock clock;
  ActiveStreams streams(clock);
  const ActiveStreams::Ticket old_one = streams.start();
  clock.advance(3h);
  const ActiveStreams::Ticket young = streams.start();
  clock.advance(1h);
  EXPECT_EQ(streams.sweep(), 0U);  // exactly 4 h is not yet older than 4 h
  clock.advance(1s);
  EXPECT_EQ(streams.sweep(), 1U);
  EXPECT_EQ(streams.count(), 1U);
}

TEST(ActiveStreams, SweptTicketReleasesHarmlessly) {
  FakeClock clock;
  ActiveStreams streams(clock);
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
