// What the bots' files hold, as the slice plan remembers it: widened to TDLib's parts, merged,
// forgotten where a bot had nothing after all, and bounded.

#include "media/held_bytes.hpp"

#include <vector>

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(HeldBytesTest, RangesAreWidenedToWholePartsAndMergedWhereTheyTouch) {
  HeldBytes held(100);
  held.add({250, 420});
  held.add({900, 901});
  EXPECT_EQ(held.ranges(), (std::vector<ByteRange>{{200, 500}, {900, 1000}}));
  held.add({480, 610});
  held.add({1000, 1050});
  EXPECT_EQ(held.ranges(), (std::vector<ByteRange>{{200, 700}, {900, 1100}}));
  held.add({0, 2000});
  EXPECT_EQ(held.ranges(), (std::vector<ByteRange>{{0, 2000}}));
  held.add({5000, 5000});
  EXPECT_EQ(held.ranges().size(), 1u) << "an empty range holds nothing";
}

TEST(HeldBytesTest, TheNextBeginIsTheFirstRangeStartingAfterAPosition) {
  HeldBytes held(1);
  held.add({100, 200});
  held.add({300, 400});
  EXPECT_EQ(held.next_begin_after(0), 100u);
  EXPECT_EQ(held.next_begin_after(100), 300u) << "inside the first range: the next one";
  EXPECT_EQ(held.next_begin_after(250), 300u);
  EXPECT_EQ(held.next_begin_after(300), std::nullopt);
}

TEST(HeldBytesTest, ARangeFoundMissingIsForgottenWhole) {
  HeldBytes held(1);
  held.add({100, 200});
  held.add({300, 400});
  held.forget_at(250);
  EXPECT_EQ(held.ranges().size(), 2u) << "250 is in no range";
  held.forget_at(150);
  EXPECT_EQ(held.ranges(), (std::vector<ByteRange>{{300, 400}}));
  held.forget_at(400);
  EXPECT_EQ(held.ranges().size(), 1u) << "400 is past the range's end";
}

TEST(HeldBytesTest, PastTheBoundTheShortestRangeGoes) {
  HeldBytes held(1);
  for (std::uint64_t i = 0; i < HeldBytes::kMaxRanges; ++i) held.add({i * 100, i * 100 + 50});
  held.add({20'000, 20'010});
  EXPECT_EQ(held.ranges().size(), HeldBytes::kMaxRanges);
  EXPECT_EQ(held.next_begin_after(19'000), std::nullopt) << "the 10-byte range went first";
  held.add({30'000, 30'090});
  EXPECT_EQ(held.ranges().size(), HeldBytes::kMaxRanges);
  EXPECT_EQ(held.next_begin_after(29'000), 30'000u) << "a longer one stays, a 50-byte one went";
}

}  // namespace
}  // namespace tglink
