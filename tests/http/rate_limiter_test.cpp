#include "http/rate_limiter.hpp"

#include <chrono>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "support/fake_clock.hpp"

namespace tglink {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
using testing::FakeClock;

// Where every FakeClock starts.
const std::int64_t kStartUnix = testing::unix_seconds(FakeClock{}.now());

// 60 a minute = one token a second, so times are easy to read.
RateLimitSettings one_per_second(int burst, std::size_t max_keys = 1000) {
  return RateLimitSettings{60, burst, max_keys};
}

TEST(HttpRateLimiter, NewClientStartsWithAFullBurst) {
  FakeClock clock;
  RateLimiter limiter(clock, one_per_second(3));
  const RateLimitDecision first = limiter.check("1.2.3.4");
  EXPECT_TRUE(first.allowed);
  EXPECT_EQ(first.limit, 3);
  EXPECT_EQ(first.remaining, 2);
  EXPECT_EQ(first.reset_unix, kStartUnix + 1);
  EXPECT_EQ(first.retry_after_seconds, 0);
  EXPECT_TRUE(limiter.check("1.2.3.4").allowed);
  const RateLimitDecision third = limiter.check("1.2.3.4");
  EXPECT_TRUE(third.allowed);
  EXPECT_EQ(third.remaining, 0);
  EXPECT_EQ(third.reset_unix, kStartUnix + 3);
}

TEST(HttpRateLimiter, EmptyBucketRefusesWithRetryAfter) {
  FakeClock clock;
  RateLimiter limiter(clock, one_per_second(2));
  (void)limiter.check("a");
  (void)limiter.check("a");
  const RateLimitDecision refused = limiter.check("a");
  EXPECT_FALSE(refused.allowed);
  EXPECT_EQ(refused.remaining, 0);
  EXPECT_EQ(refused.retry_after_seconds, 1);
  EXPECT_EQ(refused.reset_unix, kStartUnix + 2);
}

TEST(HttpRateLimiter, RefillsContinuouslyAtPerMinuteOverSixty) {
  FakeClock clock;
  RateLimiter limiter(clock, RateLimitSettings{120, 1, 10});  // two tokens a second
  EXPECT_TRUE(limiter.check("a").allowed);
  EXPECT_FALSE(limiter.check("a").allowed);
  clock.advance(milliseconds{499});
  const RateLimitDecision early = limiter.check("a");
  EXPECT_FALSE(early.allowed);
  EXPECT_EQ(early.retry_after_seconds, 1);  // 1 ms left, rounded up to a whole second
  clock.advance(milliseconds{1});
  EXPECT_TRUE(limiter.check("a").allowed);
  EXPECT_FALSE(limiter.check("a").allowed);
}

TEST(HttpRateLimiter, RetryAfterCoversTheWholeWait) {
  FakeClock clock;
  RateLimiter limiter(clock, RateLimitSettings{6, 1, 10});  // one token every 10 s
  (void)limiter.check("a");
  const RateLimitDecision refused = limiter.check("a");
  EXPECT_FALSE(refused.allowed);
  EXPECT_EQ(refused.retry_after_seconds, 10);
  clock.advance(milliseconds{9'500});
  EXPECT_EQ(limiter.check("a").retry_after_seconds, 1);
  clock.advance(milliseconds{500});
  EXPECT_TRUE(limiter.check("a").allowed);
}

TEST(HttpRateLimiter, BucketNeverHoldsMoreThanTheBurst) {
  FakeClock clock;
  RateLimiter limiter(clock, one_per_second(5));
  (void)limiter.check("a");
  clock.advance(std::chrono::hours{24 * 365 * 50});  // a long idle time must not overflow
  const RateLimitDecision decision = limiter.check("a");
  EXPECT_EQ(decision.remaining, 4);
}

TEST(HttpRateLimiter, KeysAreIndependent) {
  FakeClock clock;
  RateLimiter limiter(clock, one_per_second(1));
  EXPECT_TRUE(limiter.check("a").allowed);
  EXPECT_FALSE(limiter.check("a").allowed);
  EXPECT_TRUE(limiter.check("b").allowed);
  EXPECT_EQ(limiter.tracked_keys(), 2u);
}

TEST(HttpRateLimiter, SweepForgetsOnlyFullBuckets) {
  FakeClock clock;
  RateLimiter limiter(clock, one_per_second(2));
  (void)limiter.check("old");
  clock.advance(seconds{1});
  (void)limiter.check("new");
  limiter.sweep();
  EXPECT_EQ(limiter.tracked_keys(), 1u);  // "old" had refilled; "new" still owes a token
  clock.advance(seconds{1});
  limiter.sweep();
  EXPECT_EQ(limiter.tracked_keys(), 0u);
}

TEST(HttpRateLimiter, KeyCapEvictsTheLeastRecentlySeen) {
  FakeClock clock;
  RateLimiter limiter(clock, one_per_second(1, /*max_keys=*/2));
  EXPECT_TRUE(limiter.check("a").allowed);
  EXPECT_TRUE(limiter.check("b").allowed);
  EXPECT_FALSE(limiter.check("a").allowed);  // "a" is now the most recent
  EXPECT_TRUE(limiter.check("c").allowed);   // evicts "b"
  EXPECT_EQ(limiter.tracked_keys(), 2u);
  EXPECT_FALSE(limiter.check("a").allowed);  // "a" was kept, still empty
  EXPECT_TRUE(limiter.check("b").allowed);   // "b" was forgotten: full again
}

TEST(HttpRateLimiter, FloodOfAddressesStaysBounded) {
  FakeClock clock;
  RateLimiter limiter(clock, one_per_second(10, /*max_keys=*/100));
  for (int i = 0; i < 5000; ++i) (void)limiter.check("10.0." + std::to_string(i));
  EXPECT_EQ(limiter.tracked_keys(), 100u);
}

TEST(HttpRateLimiter, RejectsNonPositiveSettings) {
  FakeClock clock;
  EXPECT_THROW(RateLimiter(clock, RateLimitSettings{0, 1, 1}), std::invalid_argument);
  EXPECT_THROW(RateLimiter(clock, RateLimitSettings{1, 0, 1}), std::invalid_argument);
  EXPECT_THROW(RateLimiter(clock, RateLimitSettings{1, -5, 1}), std::invalid_argument);
  EXPECT_THROW(RateLimiter(clock, RateLimitSettings{1, 1, 0}), std::invalid_argument);
  try {
    RateLimiter limiter(clock, RateLimitSettings{1, -5, 1});
    FAIL();
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("burst"), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("-5"), std::string::npos) << error.what();
  }
}

TEST(HttpRateLimiter, DefaultSettingsLetAPlayerSeekInBursts) {
  FakeClock clock;
  RateLimiter limiter(clock, RateLimitSettings{});
  for (int i = 0; i < 200; ++i) ASSERT_TRUE(limiter.check("player").allowed) << i;
  EXPECT_FALSE(limiter.check("player").allowed);
  clock.advance(milliseconds{100});  // 600 a minute = one every 100 ms
  EXPECT_TRUE(limiter.check("player").allowed);
}

}  // namespace
}  // namespace tglink
