// A cache may never keep a file answer past the end of its link.
#include "http/cache_lifetime.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

const SystemTime kNow{seconds{1'700'000'000}};

TEST(CacheLifetime, PermanentLinkGetsTheWantedAge) {
  EXPECT_EQ(link_max_age(seconds{3600}, std::nullopt, kNow), seconds{3600});
  EXPECT_EQ(public_cache_control(seconds{3600}, std::nullopt, kNow), "public, max-age=3600");
}

TEST(CacheLifetime, ShortLinkGetsAtMostItsRemainingLife) {
  EXPECT_EQ(link_max_age(seconds{3600}, kNow + seconds{5}, kNow), seconds{5});
  EXPECT_EQ(public_cache_control(seconds{3600}, kNow + seconds{5}, kNow), "public, max-age=5");
  // Rounded down: 5.9 s left is max-age=5, never 6.
  EXPECT_EQ(link_max_age(seconds{3600}, kNow + milliseconds{5900}, kNow), seconds{5});
  EXPECT_EQ(link_max_age(seconds{3600}, kNow + milliseconds{999}, kNow), seconds{0});
}

TEST(CacheLifetime, LongLinkGetsTheWantedAge) {
  EXPECT_EQ(link_max_age(seconds{3600}, kNow + seconds{86400}, kNow), seconds{3600});
  EXPECT_EQ(link_max_age(seconds{3600}, kNow + seconds{3600}, kNow), seconds{3600});
}

TEST(CacheLifetime, ExpiredLinkGetsZero) {
  EXPECT_EQ(link_max_age(seconds{3600}, kNow, kNow), seconds{0});
  EXPECT_EQ(link_max_age(seconds{3600}, kNow - seconds{10}, kNow), seconds{0});
}

}  // namespace
}  // namespace tglink
