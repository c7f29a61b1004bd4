#include "chat/flood_limiter.hpp"

#include <gtest/gtest.h>

#include "support/fake_clock.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;

TEST(FloodLimiter, AdmitsUpToTheLimitInAMinuteThenSaysHowLongToWait) {
  testing::FakeClock clock;
  FloodLimiter limiter{2, 3};
  EXPECT_EQ(limiter.admit(1, clock.steady_now()), 0s);
  clock.advance(10s);
  EXPECT_EQ(limiter.admit(1, clock.steady_now()), 0s);
  clock.advance(5s);
  EXPECT_EQ(limiter.admit(1, clock.steady_now()), 45s);  // the first leaves the window at 60 s
  EXPECT_EQ(limiter.admit(2, clock.steady_now()), 0s);   // other users are not affected
  clock.advance(45s);
  EXPECT_EQ(limiter.admit(1, clock.steady_now()), 0s);
}

TEST(FloodLimiter, QueueIsBoundedPerUser) {
  FloodLimiter limiter{1, 2};
  EXPECT_TRUE(limiter.enqueue(1));
  EXPECT_TRUE(limiter.enqueue(1));
  EXPECT_FALSE(limiter.enqueue(1));
  EXPECT_TRUE(limiter.enqueue(2));
  limiter.dequeue(1);
  EXPECT_EQ(limiter.queued(1), 1U);
  EXPECT_TRUE(limiter.enqueue(1));
}

TEST(FloodLimiter, ZeroDisablesTheLimit) {
  testing::FakeClock clock;
  FloodLimiter limiter{0, 1};
  for (int i = 0; i < 100; ++i) EXPECT_EQ(limiter.admit(1, clock.steady_now()), 0s);
}

}  // namespace
}  // namespace tglink
