// A range of a joined file as the ranges of its parts: inside one part, across each boundary,
// the whole, past the end, and empty parts.
#include "media/part_ranges.hpp"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

namespace tglink {
namespace {

const std::vector<std::uint64_t> kPartSizes{10, 10, 4};  // bytes 0-9, 10-19, 20-23

TEST(PartRanges, ARangeInsideOnePartStaysInIt) {
  EXPECT_EQ(part_ranges(kPartSizes, {12, 15}), (std::vector<PartRange>{{1, {2, 5}}}));
  EXPECT_EQ(part_ranges(kPartSizes, {0, 10}), (std::vector<PartRange>{{0, {0, 10}}}));
  EXPECT_EQ(part_ranges(kPartSizes, {20, 24}), (std::vector<PartRange>{{2, {0, 4}}}));
}

TEST(PartRanges, ARangeAcrossBoundariesIsCutAtEach) {
  EXPECT_EQ(part_ranges(kPartSizes, {9, 11}), (std::vector<PartRange>{{0, {9, 10}}, {1, {0, 1}}}));
  EXPECT_EQ(part_ranges(kPartSizes, {5, 22}),
            (std::vector<PartRange>{{0, {5, 10}}, {1, {0, 10}}, {2, {0, 2}}}));
  EXPECT_EQ(part_ranges(kPartSizes, ByteRange::whole(24)),
            (std::vector<PartRange>{{0, {0, 10}}, {1, {0, 10}}, {2, {0, 4}}}));
}

TEST(PartRanges, EveryByteOfEveryRangeLandsInItsPartOnce) {
  const std::uint64_t total = 24;
  for (std::uint64_t begin = 0; begin <= total; ++begin) {
    for (std::uint64_t end = begin; end <= total; ++end) {
      std::uint64_t next = begin;  // the whole's byte the next piece must start at
      for (const PartRange& piece : part_ranges(kPartSizes, {begin, end})) {
        std::uint64_t part_begin = 0;
        for (std::size_t i = 0; i < piece.part; ++i) part_begin += kPartSizes[i];
        ASSERT_FALSE(piece.bytes.empty());
        ASSERT_LE(piece.bytes.end, kPartSizes[piece.part]);
        ASSERT_EQ(part_begin + piece.bytes.begin, next) << begin << "-" << end;
        next = part_begin + piece.bytes.end;
      }
      ASSERT_EQ(next, end) << begin << "-" << end;
    }
  }
}

TEST(PartRanges, BytesPastTheEndAndEmptyPartsHoldNoPiece) {
  EXPECT_EQ(part_ranges(kPartSizes, {22, 100}), (std::vector<PartRange>{{2, {2, 4}}}));
  EXPECT_TRUE(part_ranges(kPartSizes, {24, 30}).empty());
  EXPECT_TRUE(part_ranges(kPartSizes, {5, 5}).empty());
  const std::vector<std::uint64_t> with_empty{3, 0, 3};
  EXPECT_EQ(part_ranges(with_empty, {2, 4}), (std::vector<PartRange>{{0, {2, 3}}, {2, {0, 1}}}));
  EXPECT_TRUE(part_ranges({}, {0, 1}).empty());
}

}  // namespace
}  // namespace tglink
