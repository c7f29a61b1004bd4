// Bot turns: one slice download per bot at a time, granted in the order the streams asked, and a
// stream that stops waiting leaves the queue.

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

class BotTurnsTest : public ::testing::Test {
 protected:
  // Starts a stream that asks for bot `bot`; its result lands in `granted`.
  void ask(std::size_t bot, std::optional<bool>& granted, const bool& give_up) {
    asio::co_spawn(
        io_,
        [this, bot, &granted, &give_up]() -> asio::awaitable<void> {
          std::function<bool()> stop = [&give_up] { return give_up; };
          granted = co_await turns_.acquire(bot, std::move(stop));
        },
        asio::detached);
  }

  asio::io_context io_;
  BotTurns turns_{io_.get_executor(), 2};
  bool never_ = false;
};

TEST_F(BotTurnsTest, AFreeBotIsGrantedAtOnceAndOthersWaitInOrder) {
  std::optional<bool> first;
  std::optional<bool> second;
  std::optional<bool> third;
  ask(0, first, never_);
  ASSERT_TRUE(run_until(io_, [&] { return first.has_value(); }));
  EXPECT_TRUE(*first);
  ask(0, second, never_);
  ask(0, third, never_);
  ASSERT_TRUE(run_until(io_, [&] { return turns_.waiting(0) == 2; }));
  EXPECT_FALSE(second.has_value());
  turns_.release(0);
  ASSERT_TRUE(run_until(io_, [&] { return second.has_value(); }));
  EXPECT_FALSE(third.has_value()) << "the third waits for the second's turn";
  turns_.release(0);
  ASSERT_TRUE(run_until(io_, [&] { return third.has_value(); }));
  EXPECT_TRUE(*third);
}

TEST_F(BotTurnsTest, BotsAreIndependent) {
  std::optional<bool> on_zero;
  std::optional<bool> on_one;
  ask(0, on_zero, never_);
  ask(1, on_one, never_);
  ASSERT_TRUE(run_until(io_, [&] { return on_zero.has_value() && on_one.has_value(); }));
  EXPECT_TRUE(*on_zero && *on_one);
}

TEST_F(BotTurnsTest, AStreamThatStopsWaitingLeavesTheQueue) {
  std::optional<bool> holder;
  std::optional<bool> quitter;
  bool quit = false;
  ask(0, holder, never_);
  ASSERT_TRUE(run_until(io_, [&] { return holder.has_value(); }));
  ask(0, quitter, quit);
  ASSERT_TRUE(run_until(io_, [&] { return turns_.waiting(0) == 1; }));
  quit = true;
  ASSERT_TRUE(run_until(io_, [&] { return quitter.has_value(); }));
  EXPECT_FALSE(*quitter);
  EXPECT_EQ(turns_.waiting(0), 0u);
  turns_.release(0);
  std::optional<bool> next;
  ask(0, next, never_);
  ASSERT_TRUE(run_until(io_, [&] { return next.has_value(); }));
  EXPECT_TRUE(*next) << "the bot is free again";
}

}  // namespace
}  // namespace tglink::testing
