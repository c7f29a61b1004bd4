// Which lane brings which bytes of a stream: slices ahead of the client, the read-ahead bound,
// bytes already on another bot's disk, and a stalled lane's slice moving on.

#include "media/slice_plan.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

constexpr SliceSettings kSettings{.slice_bytes = 100, .read_ahead = 300};

TEST(SlicePlanTest, LanesTakeConsecutiveSlicesUpToTheReadAhead) {
  SlicePlan plan({50, 10000}, kSettings);
  const auto first = plan.take(0);
  const auto second = plan.take(1);
  const auto third = plan.take(2);
  ASSERT_TRUE(first && second && third);
  EXPECT_EQ(first->bytes.begin, 50u);
  EXPECT_EQ(first->bytes.end, 150u);
  EXPECT_EQ(second->bytes.begin, 150u);
  EXPECT_EQ(third->bytes.begin, 250u);
  EXPECT_EQ(third->lane, 2u);
  EXPECT_EQ(plan.take(3), nullptr) << "350 is past position 50 + read-ahead 300";
  first->ready_end = first->bytes.end;
  plan.consumed(150);
  EXPECT_EQ(plan.at(149), nullptr);
  ASSERT_NE(plan.take(0), nullptr);
}

TEST(SlicePlanTest, TheLastSliceEndsAtTheRangeEnd) {
  SlicePlan plan({0, 130}, kSettings);
  EXPECT_EQ(plan.take(0)->bytes.end, 100u);
  EXPECT_EQ(plan.take(1)->bytes.end, 130u);
  EXPECT_EQ(plan.take(2), nullptr);
}

TEST(SlicePlanTest, AtFindsTheSliceHoldingAPosition) {
  SlicePlan plan({0, 1000}, kSettings);
  const auto first = plan.take(0);
  const auto second = plan.take(1);
  EXPECT_EQ(plan.at(0), first);
  EXPECT_EQ(plan.at(99), first);
  EXPECT_EQ(plan.at(100), second);
  EXPECT_EQ(plan.at(200), nullptr);
}

TEST(SlicePlanTest, AStalledLaneKeepsItsBytesAndGivesTheRestToAnotherLane) {
  SlicePlan plan({0, 1000}, kSettings);
  const auto slice = plan.take(0);
  slice->ready_end = 40;
  plan.give_back(slice, 0);
  EXPECT_EQ(slice->bytes.end, 40u);
  EXPECT_TRUE(slice->complete());
  EXPECT_EQ(plan.waiting(), 1u);
  const auto again = plan.take(0);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->bytes.begin, 100u) << "lane 0 may not take back what it stalled on";
  const auto rest = plan.take(1);
  ASSERT_NE(rest, nullptr);
  EXPECT_EQ(rest->bytes.begin, 40u);
  EXPECT_EQ(rest->bytes.end, 100u);
  EXPECT_EQ(rest->lane, 1u);
}

TEST(SlicePlanTest, ALaneAloneTakesBackWhatItStalledOn) {
  SlicePlan plan({0, 100}, kSettings);
  const auto slice = plan.take(0);
  plan.give_back(slice, 0);
  EXPECT_EQ(plan.take(0), nullptr);
  const auto again = plan.take(0, /*alone=*/true);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->bytes.begin, 0u);
  EXPECT_EQ(again->bytes.end, 100u);
}

TEST(SlicePlanTest, BytesOnAnotherLanesDiskBecomeAReadySliceOfThatLane) {
  SlicePlan plan({0, 1000}, kSettings);
  const auto slice = plan.take(0);
  plan.already_on_disk(slice, 2, 30);
  EXPECT_EQ(slice->lane, 2u);
  EXPECT_EQ(slice->bytes.end, 30u);
  EXPECT_TRUE(slice->complete());
  const auto rest = plan.take(0);
  ASSERT_NE(rest, nullptr);
  EXPECT_EQ(rest->bytes.begin, 30u);
  EXPECT_EQ(rest->bytes.end, 100u);
}

TEST(SlicePlanTest, ABotThatHasTheWholeRestMakesOneReadySlice) {
  SlicePlan plan({0, 1000}, kSettings);
  const auto slice = plan.take(0);
  plan.already_on_disk(slice, 1, 5000);
  EXPECT_EQ(slice->bytes.end, 1000u);
  EXPECT_TRUE(slice->complete());
  EXPECT_EQ(plan.take(0), nullptr);
  EXPECT_EQ(plan.waiting(), 0u);
}

TEST(SlicePlanTest, ALaneWhoseBotServesNoOtherStreamTakesASoloSlice) {
  SlicePlan plan({0, 1000}, {.slice_bytes = 100, .solo_slice_bytes = 200, .read_ahead = 1000});
  const auto solo = plan.take(0, /*alone=*/false, /*solo=*/true);
  const auto shared = plan.take(1);
  ASSERT_TRUE(solo && shared);
  EXPECT_EQ(solo->bytes, (ByteRange{0, 200}));
  EXPECT_EQ(shared->bytes, (ByteRange{200, 300}));
}

}  // namespace
}  // namespace tglink
