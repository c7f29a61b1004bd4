// Which lane brings which bytes of a stream: slices ahead of the client, the read-ahead bound,
// bytes already on another bot's disk, and a stalled lane's slice moving on.

#include "media/slice_plan.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

constexpr SliceSettings kSettings{.slice_bytes = 100, .read_ahead = 300};

TEST(SlicePlanTest, LanesTakeConsecutiveSlicesUpToTheReadAhead) {
  SlicePlan plan(50, 10000, kSettings);
  const auto first = plan.take(0);
  const auto second = plan.take(1);
  const auto third = plan.take(2);
  ASSERT_TRUE(first && second && third);
  EXPECT_EQ(first->begin, 50);
  EXPECT_EQ(first->end, 150);
  EXPECT_EQ(second->begin, 150);
  EXPECT_EQ(third->begin, 250);
  EXPECT_EQ(third->lane, 2u);
  EXPECT_EQ(plan.take(3), nullptr) << "350 is past position 50 + read-ahead 300";
  first->ready_end = first->end;
  plan.consumed(150);
  EXPECT_EQ(plan.at(149), nullptr);
  ASSERT_NE(plan.take(0), nullptr);
}

TEST(SlicePlanTest, TheLastSliceEndsAtTheRangeEnd) {
  SlicePlan plan(0, 130, kSettings);
  EXPECT_EQ(plan.take(0)->end, 100);
  EXPECT_EQ(plan.take(1)->end, 130);
  EXPECT_EQ(plan.take(2), nullptr);
}

TEST(SlicePlanTest, AtFindsTheSliceHoldingAPosition) {
  SlicePlan plan(0, 1000, kSettings);
  const auto first = plan.take(0);
  const auto second = plan.take(1);
  EXPECT_EQ(plan.at(0), first);
  EXPECT_EQ(plan.at(99), first);
  EXPECT_EQ(plan.at(100), second);
  EXPECT_EQ(plan.at(200), nullptr);
}

TEST(SlicePlanTest, AStalledLaneKeepsItsBytesAndGivesTheRestToAnotherLane) {
  SlicePlan plan(0, 1000, kSettings);
  const auto slice = plan.take(0);
  slice->ready_end = 40;
  plan.give_back(slice, 0);
  EXPECT_EQ(slice->end, 40);
  EXPECT_TRUE(slice->complete());
  EXPECT_EQ(plan.waiting(), 1u);
  const auto again = plan.take(0);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->begin, 100) << "lane 0 may not take back what it stalled on";
  const auto rest = plan.take(1);
  ASSERT_NE(rest, nullptr);
  EXPECT_EQ(rest->begin, 40);
  EXPECT_EQ(rest->end, 100);
  EXPECT_EQ(rest->lane, 1u);
}

TEST(SlicePlanTest, ALaneAloneTakesBackWhatItStalledOn) {
  SlicePlan plan(0, 100, kSettings);
  const auto slice = plan.take(0);
  plan.give_back(slice, 0);
  EXPECT_EQ(plan.take(0), nullptr);
  const auto again = plan.take(0, /*alone=*/true);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->begin, 0);
  EXPECT_EQ(again->end, 100);
}

TEST(SlicePlanTest, BytesOnAnotherLanesDiskBecomeAReadySliceOfThatLane) {
  SlicePlan plan(0, 1000, kSettings);
  const auto slice = plan.take(0);
  plan.already_on_disk(slice, 2, 30);
  EXPECT_EQ(slice->lane, 2u);
  EXPECT_EQ(slice->end, 30);
  EXPECT_TRUE(slice->complete());
  const auto rest = plan.take(0);
  ASSERT_NE(rest, nullptr);
  EXPECT_EQ(rest->begin, 30);
  EXPECT_EQ(rest->end, 100);
}

TEST(SlicePlanTest, ABotThatHasTheWholeRestMakesOneReadySlice) {
  SlicePlan plan(0, 1000, kSettings);
  const auto slice = plan.take(0);
  plan.already_on_disk(slice, 1, 5000);
  EXPECT_EQ(slice->end, 1000);
  EXPECT_TRUE(slice->complete());
  EXPECT_EQ(plan.take(0), nullptr);
  EXPECT_EQ(plan.waiting(), 0u);
}

}  // namespace
}  // namespace tglink
