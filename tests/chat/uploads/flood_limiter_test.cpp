#include "chat/uploads/flood_limiter.hpp"

#include <gtest/gtest.h>

#include "support/fake_clock.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;

TEST(FloodLimiter, AdmitsUpToTheLimitInAMinuteThenSaysHowLongToWait) {
  testing::FakeClock clock;
  FloodLimiter limiter{2};
  EXPECT_EQ(limiter.admit(1, clock.steady_now()), 0s);
  clock.advance(10s);
  EXPECT_EQ(limiter.admit(1, clock.steady_now()), 0s);
  clock.advance(5s);
  EXPECT_EQ(limiter.wait(1, clock.steady_now()), 45s);
  EXPECT_EQ(limiter.admit(1, clock.steady_now()), 45s);  // the first leaves the window at 60 s
  EXPECT_EQ(limiter.admit(2, clock.steady_now()), 0s);   // other keys are not affected
  clock.advance(45s);
  EXPECT_EQ(limiter.wait(1, clock.steady_now()), 0s);
  EXPECT_EQ(limiter.admit(1, clock.steady_now()), 0s);
}

// A channel's sends reach Telegram a little after their turn: a longer window keeps a margin.
TEST(FloodLimiter, ALongerWindowKeepsAMarginOverTelegramsMinute) {
  testing::FakeClock clock;
  FloodLimiter limiter{1, 61s};
  EXPECT_EQ(limiter.admit(1, clock.steady_now()), 0s);
  clock.advance(60s);
  EXPECT_EQ(limiter.wait(1, clock.steady_now()), 1s);
  EXPECT_EQ(limiter.estimate(1, clock.steady_now(), 1), 62s);
  EXPECT_EQ(limiter.admit(1, clock.steady_now()), 1s);
  clock.advance(1s);
  EXPECT_EQ(limiter.admit(1, clock.steady_now()), 0s);
}

TEST(FloodLimiter, EstimateCountsTheAdmissionsAhead) {
  testing::FakeClock clock;
  FloodLimiter limiter{2};
  EXPECT_EQ(limiter.estimate(1, clock.steady_now(), 0), 0s);
  EXPECT_EQ(limiter.estimate(1, clock.steady_now(), 1), 0s);   // room for two now
  EXPECT_EQ(limiter.estimate(1, clock.steady_now(), 2), 60s);  // the third waits a window
  EXPECT_EQ(limiter.estimate(1, clock.steady_now(), 4), 120s);
  EXPECT_EQ(limiter.admit(1, clock.steady_now()), 0s);
  clock.advance(20s);
  EXPECT_EQ(limiter.admit(1, clock.steady_now()), 0s);
  clock.advance(10s);
  EXPECT_EQ(limiter.estimate(1, clock.steady_now(), 0), 30s);  // first admission + 60 s
  EXPECT_EQ(limiter.estimate(1, clock.steady_now(), 1), 50s);  // second admission + 60 s
  EXPECT_EQ(limiter.estimate(1, clock.steady_now(), 2), 90s);
}

TEST(FloodLimiter, ZeroDisablesTheLimit) {
  testing::FakeClock clock;
  FloodLimiter limiter{0};
  for (int i = 0; i < 100; ++i) EXPECT_EQ(limiter.admit(1, clock.steady_now()), 0s);
  EXPECT_EQ(limiter.estimate(1, clock.steady_now(), 1000), 0s);
}

}  // namespace
}  // namespace tglink
