#include "core/byte_range.hpp"

#include <cstdint>
#include <limits>

#include <gtest/gtest.h>

namespace tglink {
namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();  // 2^64 - 1
constexpr std::uint64_t kTwoTo63 = std::uint64_t{1} << 63;
constexpr std::uint64_t kInt64Max = kTwoTo63 - 1;

TEST(ByteRange, LengthIsEndMinusBegin) {
  EXPECT_EQ((ByteRange{0, 0}).length(), 0u);
  EXPECT_EQ((ByteRange{5, 5}).length(), 0u);
  EXPECT_EQ((ByteRange{2, 6}).length(), 4u);
  EXPECT_EQ(ByteRange::whole(1000).length(), 1000u);
  EXPECT_TRUE((ByteRange{7, 7}).empty());
  EXPECT_FALSE((ByteRange{7, 8}).empty());
  EXPECT_EQ((ByteRange{7, 8}).last(), 7u);
}

TEST(ByteRange, ContainsIsHalfOpen) {
  const ByteRange range{10, 20};
  EXPECT_FALSE(range.contains(9));
  EXPECT_TRUE(range.contains(10));
  EXPECT_TRUE(range.contains(19));
  EXPECT_FALSE(range.contains(20));
  EXPECT_FALSE((ByteRange{10, 10}).contains(10));
}

TEST(ByteRange, ClampKeepsTheSharedBytes) {
  const ByteRange file = ByteRange::whole(100);
  EXPECT_EQ((ByteRange{10, 20}).clamped_to(file), (ByteRange{10, 20}));
  EXPECT_EQ((ByteRange{90, 500}).clamped_to(file), (ByteRange{90, 100}));
  EXPECT_EQ((ByteRange{0, kMax}).clamped_to(file), file);
  // Nothing shared: empty, at the edge of `outer` nearest to the range.
  EXPECT_EQ((ByteRange{200, 300}).clamped_to(file), (ByteRange{100, 100}));
  EXPECT_EQ((ByteRange{0, 5}).clamped_to(ByteRange{10, 20}), (ByteRange{10, 10}));
  EXPECT_EQ((ByteRange{15, 15}).clamped_to(ByteRange{10, 20}), (ByteRange{15, 15}));
}

TEST(ByteRange, WithoutFirstAdvancesAndStopsAtTheEnd) {
  const ByteRange range{10, 20};
  EXPECT_EQ(range.without_first(0), range);
  EXPECT_EQ(range.without_first(4), (ByteRange{14, 20}));
  EXPECT_EQ(range.without_first(10), (ByteRange{20, 20}));
  EXPECT_EQ(range.without_first(kMax), (ByteRange{20, 20}));
  EXPECT_EQ((ByteRange{kMax - 1, kMax}).without_first(kMax), (ByteRange{kMax, kMax}));
}

TEST(ByteRange, WidenedToWholeUnitsOfTdlibsParts) {
  EXPECT_EQ((ByteRange{3000, 13000}).widened_to(1024), (ByteRange{2048, 13312}));
  EXPECT_EQ((ByteRange{2048, 4096}).widened_to(1024), (ByteRange{2048, 4096})) << "already whole";
  EXPECT_EQ((ByteRange{5, 7}).widened_to(0), (ByteRange{5, 7}));
  EXPECT_EQ((ByteRange{5, 7}).widened_to(1), (ByteRange{5, 7}));
  EXPECT_EQ((ByteRange{70, 70}).widened_to(64), (ByteRange{64, 128})) << "the part holding 70";
  EXPECT_EQ((ByteRange{kMax - 10, kMax}).widened_to(64), (ByteRange{kMax - 63, kMax}))
      << "the end stays at 2^64 - 1";
}

TEST(ByteRange, NoOperationWrapsAtTwoTo64) {
  EXPECT_EQ(ByteRange::whole(kMax).length(), kMax);
  EXPECT_EQ(ByteRange::whole(kMax).last(), kMax - 1);
  EXPECT_TRUE(ByteRange::whole(kMax).contains(kMax - 1));
  EXPECT_FALSE(ByteRange::whole(kMax).contains(kMax));
  EXPECT_EQ(ByteRange::starting_at(kMax - 10, 10), (ByteRange{kMax - 10, kMax}));
  EXPECT_EQ(ByteRange::starting_at(kMax - 10, 11), (ByteRange{kMax - 10, kMax}));
  EXPECT_EQ(ByteRange::starting_at(kMax, kMax), (ByteRange{kMax, kMax}));
  EXPECT_EQ(ByteRange::starting_at(1, kMax), (ByteRange{1, kMax}));
}

TEST(ByteRange, TheInt64EdgeAtTwoTo63) {
  EXPECT_TRUE(ByteRange::whole(kInt64Max).fits_int64());
  EXPECT_FALSE(ByteRange::whole(kTwoTo63).fits_int64());
  EXPECT_FALSE((ByteRange{kTwoTo63, kTwoTo63}).fits_int64());
  EXPECT_EQ(ByteRange::starting_at(kInt64Max, 1).length(), 1u);
  EXPECT_EQ(ByteRange::starting_at(kInt64Max, 1).end, kTwoTo63);
  EXPECT_EQ((ByteRange{kInt64Max, kTwoTo63 + 1}).length(), 2u);
  EXPECT_TRUE((ByteRange{kInt64Max, kTwoTo63 + 1}).contains(kTwoTo63));
  EXPECT_EQ((ByteRange{0, kMax}).clamped_to(ByteRange::whole(kTwoTo63)),
            ByteRange::whole(kTwoTo63));
}

// Usable at compile time, so constant ranges in headers and tests cost nothing.
static_assert(ByteRange::starting_at(5, 10) == ByteRange{5, 15});
static_assert(ByteRange{3, 9}.clamped_to(ByteRange::whole(4)).length() == 1);

}  // namespace
}  // namespace tglink
