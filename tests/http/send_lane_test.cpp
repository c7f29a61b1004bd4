// SendLane: body chunks take turns a few at a time, so work that is not a body chunk
// (here a posted "short" handler standing for an accept or an /api/info answer) waits for one
// round of turns, not for a pass over every busy writer.
#include "http/send_lane.hpp"

#include <cstddef>
#include <string>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <gtest/gtest.h>

namespace tglink {
namespace {

namespace asio = boost::asio;

constexpr std::size_t kTurnsPerRound = 4;

struct Writers {
  asio::io_context io;
  SendLane lane{io.get_executor(), kTurnsPerRound};
  std::vector<int> order;  // which writer took each turn
  int finished = 0;

  asio::awaitable<void> writer(int id, int turns) {
    for (int i = 0; i < turns; ++i) {
      co_await lane.turn();
      order.push_back(id);
    }
    ++finished;
  }

  // Starts `count` writers and runs the io_context until every one waits in the lane.
  void start(int count, int turns) {
    for (int id = 0; id < count; ++id) asio::co_spawn(io, writer(id, turns), asio::detached);
    while (lane.waiting() < static_cast<std::size_t>(count)) ASSERT_EQ(io.poll_one(), 1U);
  }
};

TEST(SendLane, ShortWorkWaitsForOneRoundNotForEveryWriter) {
  Writers w;
  w.start(100, 5);
  std::size_t turns_before_short = 0;
  asio::post(w.io, [&] { turns_before_short = w.order.size(); });
  w.io.run();
  EXPECT_LE(turns_before_short, kTurnsPerRound);
  EXPECT_EQ(w.order.size(), 500U);
  EXPECT_EQ(w.finished, 100);
  EXPECT_EQ(w.lane.waiting(), 0U);
}

TEST(SendLane, ShortWorkPostedLaterStillWaitsForOneRoundAtMost) {
  Writers w;
  w.start(50, 10);
  std::vector<std::size_t> waited;  // turns taken between a short handler's post and its run
  for (int i = 0; i < 20; ++i) {
    for (int step = 0; step < 7; ++step) w.io.poll_one();
    const std::size_t posted_at = w.order.size();
    asio::post(w.io, [&, posted_at] { waited.push_back(w.order.size() - posted_at); });
  }
  w.io.run();
  ASSERT_EQ(waited.size(), 20U);
  for (const std::size_t turns : waited) EXPECT_LE(turns, kTurnsPerRound);
  EXPECT_EQ(w.finished, 50);
}

TEST(SendLane, TurnsGoInArrivalOrder) {
  Writers w;
  w.start(3, 3);
  w.io.run();
  EXPECT_EQ(w.order, (std::vector<int>{0, 1, 2, 0, 1, 2, 0, 1, 2}));
}

TEST(SendLane, OpeningLetsEveryWaitingWriterGoAndLaterOnesThrough) {
  Writers w;
  w.start(10, 3);
  w.lane.open_all();
  EXPECT_EQ(w.lane.waiting(), 0U);
  w.io.run();
  EXPECT_EQ(w.finished, 10);
  EXPECT_EQ(w.order.size(), 30U);
}

asio::awaitable<void> take_one_turn(SendLane& lane, bool& resumed) {
  co_await lane.turn();
  resumed = true;
}

TEST(SendLane, AWriterWaitingWhenTheIoContextIsDestroyedIsNotLeaked) {
  // Run under LeakSanitizer in the test build: a writer's coroutine frame held in the lane past
  // the io_context's end would show as a leak.
  auto io = std::make_unique<asio::io_context>();
  {
    SendLane lane{io->get_executor(), 1};
    bool resumed = false;
    asio::co_spawn(*io, take_one_turn(lane, resumed), asio::detached);
    io->poll_one();
    EXPECT_EQ(lane.waiting(), 1U);
    EXPECT_FALSE(resumed);
  }
  io.reset();
}

}  // namespace
}  // namespace tglink
