// Bot turns: two seats per bot (the lead and the one behind it), granted in the order the streams
// asked; the seat behind leads when the lead leaves, and a stream that stops waiting leaves the
// queue.

#include "media/bot_turns.hpp"

#include <optional>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <gtest/gtest.h>

#include "support/io_wait.hpp"

namespace tglink::testing {
namespace {

namespace asio = boost::asio;

// What one stream's request for a seat came to: unset while it waits, null when it gave up.
using Asked = std::optional<BotTurns::SeatPtr>;

class BotTurnsTest : public ::testing::Test {
 protected:
  // Starts a stream that asks for a seat at bot `bot`; its seat lands in `asked`.
  void ask(std::size_t bot, Asked& asked, const bool& give_up) {
    spawn(asked, give_up,
          [this, bot](std::function<bool()> stop) { return turns_.acquire(bot, std::move(stop)); });
  }

  // Starts waiting for `seat` to lead; the answer lands in `led`.
  void wait_lead(const BotTurns::SeatPtr& seat, std::optional<bool>& led, const bool& give_up) {
    spawn(led, give_up, [this, seat](std::function<bool()> stop) {
      return turns_.wait_lead(seat, std::move(stop));
    });
  }

  // Runs `call` (given a give_up that reads `give_up`) as a coroutine; its result lands in `out`.
  template <typename Result, typename Call>
  void spawn(std::optional<Result>& out, const bool& give_up, Call call) {
    asio::co_spawn(
        io_,
        [&out, &give_up, call]() -> asio::awaitable<void> {
          std::function<bool()> stop = [&give_up] { return give_up; };
          out = co_await call(std::move(stop));
        },
        asio::detached);
  }

  bool seated(const Asked& asked) { return asked.has_value() && *asked != nullptr; }

  // Seats a lead and one behind it at bot 0.
  bool seat_two(Asked& lead, Asked& behind) {
    ask(0, lead, never_);
    ask(0, behind, never_);
    return run_until(io_, [&] { return seated(lead) && seated(behind); });
  }

  asio::io_context io_;
  BotTurns turns_{io_.get_executor(), 2};
  bool never_ = false;
};

TEST_F(BotTurnsTest, ALeadAndOneBehindAreSeatedAtOnceAndOthersWaitInOrder) {
  Asked first;
  Asked second;
  Asked third;
  Asked fourth;
  ask(0, first, never_);
  ASSERT_TRUE(run_until(io_, [&] { return first.has_value(); }));
  ask(0, second, never_);
  ASSERT_TRUE(run_until(io_, [&] { return second.has_value(); }));
  ASSERT_TRUE(seated(first) && seated(second));
  EXPECT_TRUE(turns_.leads(*first));
  EXPECT_FALSE(turns_.leads(*second)) << "the second sits behind the first";
  ask(0, third, never_);
  ask(0, fourth, never_);
  ASSERT_TRUE(run_until(io_, [&] { return turns_.waiting(0) == 2; }));
  EXPECT_FALSE(third.has_value());

  turns_.release(*first);
  ASSERT_TRUE(run_until(io_, [&] { return third.has_value(); }));
  EXPECT_TRUE(turns_.leads(*second)) << "the seat behind leads when the lead leaves";
  EXPECT_FALSE(turns_.leads(*third));
  EXPECT_FALSE(fourth.has_value()) << "the fourth waits for the next free seat";
  EXPECT_EQ(turns_.waiting(0), 1u);
}

TEST_F(BotTurnsTest, ABotIsIdleOnlyWhileNoStreamHoldsOrWaitsForASeat) {
  EXPECT_TRUE(turns_.idle(0));
  Asked lead;
  Asked behind;
  ASSERT_TRUE(seat_two(lead, behind));
  EXPECT_FALSE(turns_.idle(0));
  EXPECT_TRUE(turns_.idle(1)) << "seats at another bot do not count";
  turns_.release(*lead);
  EXPECT_FALSE(turns_.idle(0)) << "the seat behind leads now";
  turns_.release(*behind);
  EXPECT_TRUE(turns_.idle(0));
}

TEST_F(BotTurnsTest, TheSeatBehindWaitsToLeadUntilTheLeadLeaves) {
  Asked lead;
  Asked behind;
  ASSERT_TRUE(seat_two(lead, behind));
  std::optional<bool> led;
  wait_lead(*behind, led, never_);
  io_.restart();
  io_.poll();  // the waiter runs until it sleeps
  EXPECT_FALSE(led.has_value()) << "the lead is still there";
  turns_.release(*lead);
  ASSERT_TRUE(run_until(io_, [&] { return led.has_value(); }));
  EXPECT_TRUE(*led);
}

TEST_F(BotTurnsTest, ASeatBehindThatStopsWaitingToLeadKeepsItsSeat) {
  Asked lead;
  Asked behind;
  ASSERT_TRUE(seat_two(lead, behind));
  bool quit = false;
  std::optional<bool> led;
  wait_lead(*behind, led, quit);
  quit = true;
  turns_.recheck(0);
  ASSERT_TRUE(run_until(io_, [&] { return led.has_value(); }));
  EXPECT_FALSE(*led);
  Asked next;
  ask(0, next, never_);
  ASSERT_TRUE(run_until(io_, [&] { return turns_.waiting(0) == 1; }))
      << "both seats are still held";
  turns_.release(*behind);
  ASSERT_TRUE(run_until(io_, [&] { return next.has_value(); }));
  EXPECT_TRUE(turns_.leads(*lead)) << "leaving the seat behind does not move the lead";
  EXPECT_FALSE(turns_.leads(*next));
}

TEST_F(BotTurnsTest, BotsAreIndependent) {
  Asked on_zero;
  Asked on_one;
  ask(0, on_zero, never_);
  ask(1, on_one, never_);
  ASSERT_TRUE(run_until(io_, [&] { return on_zero.has_value() && on_one.has_value(); }));
  ASSERT_TRUE(seated(on_zero) && seated(on_one));
  EXPECT_TRUE(turns_.leads(*on_zero));
  EXPECT_TRUE(turns_.leads(*on_one));
}

TEST_F(BotTurnsTest, AStreamThatStopsWaitingLeavesTheQueue) {
  Asked lead;
  Asked behind;
  Asked quitter;
  bool quit = false;
  ASSERT_TRUE(seat_two(lead, behind));
  ask(0, quitter, quit);
  ASSERT_TRUE(run_until(io_, [&] { return turns_.waiting(0) == 1; }));
  quit = true;
  ASSERT_TRUE(run_until(io_, [&] { return quitter.has_value(); }));
  EXPECT_EQ(*quitter, nullptr);
  EXPECT_EQ(turns_.waiting(0), 0u);
  turns_.release(*lead);
  Asked next;
  ask(0, next, never_);
  ASSERT_TRUE(run_until(io_, [&] { return next.has_value(); }));
  EXPECT_TRUE(seated(next)) << "a seat is free again";
  EXPECT_TRUE(turns_.leads(*behind));
}

}  // namespace
}  // namespace tglink::testing
