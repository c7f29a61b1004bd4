// The disk budget's choice of files to evict: least recently used first, never one being read.

#include "media/cache_budget.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

using std::chrono::seconds;

const SteadyTime kStart{};
constexpr std::uint64_t kMiB = 1 << 20;

CachedFileKey key(std::int32_t id, std::size_t bot = 0) { return CachedFileKey{bot, id, {}}; }

TEST(CacheBudget, UnderBudgetEvictsNothing) {
  CacheBudget budget(100 * kMiB);
  budget.record_size(key(1), 60 * kMiB, kStart);
  budget.record_size(key(2), 40 * kMiB, kStart);
  EXPECT_EQ(budget.total_bytes(), 100 * kMiB);
  EXPECT_FALSE(budget.over_budget());
  EXPECT_TRUE(budget.victims().empty());
}

TEST(CacheBudget, EvictsLeastRecentlyUsedUntilWithinBudget) {
  CacheBudget budget(100 * kMiB);
  budget.record_size(key(1), 50 * kMiB, kStart);
  budget.record_size(key(2), 50 * kMiB, kStart + seconds(1));
  budget.record_size(key(3), 50 * kMiB, kStart + seconds(2));
  budget.begin_read(key(1), kStart + seconds(3));  // 1 becomes the most recently used
  budget.end_read(key(1), kStart + seconds(4));
  EXPECT_TRUE(budget.over_budget());
  const std::vector<CachedFileKey> victims = budget.victims();
  ASSERT_EQ(victims.size(), 1u);
  EXPECT_EQ(victims[0], key(2));
}

TEST(CacheBudget, NeverEvictsAFileBeingRead) {
  CacheBudget budget(10 * kMiB);
  budget.record_size(key(1), 50 * kMiB, kStart);
  budget.begin_read(key(1), kStart);
  budget.record_size(key(2), 5 * kMiB, kStart + seconds(5));
  const std::vector<CachedFileKey> victims = budget.victims();
  ASSERT_EQ(victims.size(), 1u);
  EXPECT_EQ(victims[0], key(2));  // not enough, but the only idle one
  budget.end_read(key(1), kStart + seconds(6));
  EXPECT_EQ(budget.victims().size(), 2u);
}

TEST(CacheBudget, SameFileIdOnTwoBotsIsTwoFiles) {
  CacheBudget budget(kMiB);
  budget.record_size(key(7, 0), kMiB, kStart);
  budget.record_size(key(7, 1), kMiB, kStart + seconds(1));
  EXPECT_EQ(budget.total_bytes(), 2 * kMiB);
  budget.forget(key(7, 0));
  EXPECT_EQ(budget.total_bytes(), kMiB);
  EXPECT_FALSE(budget.over_budget());
}

TEST(CacheBudget, ANewSizeReplacesTheOld) {
  CacheBudget budget(kMiB);
  budget.record_size(key(1), 3 * kMiB, kStart);
  budget.record_size(key(1), 0, kStart);  // deleted by TDLib
  EXPECT_EQ(budget.total_bytes(), 0u);
  EXPECT_TRUE(budget.victims().empty());
}

}  // namespace
}  // namespace tglink
