// Which lane brings which bytes of a file: slices ahead of the client, the read-ahead bound,
// bytes already on another bot's disk, a stalled lane's slice moving on, and several clients'
// ranges of one file planned together (a download manager's connections).

#include "media/slice_plan.hpp"

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

namespace tglink {
namespace {

constexpr SliceSettings kSettings{.slice_bytes = 100, .read_ahead = 300};
const std::function<bool(LaneIndex)> kAnyLane = [](LaneIndex) { return true; };

TEST(SlicePlanTest, LanesTakeConsecutiveSlicesUpToTheReadAhead) {
  SlicePlan plan(kSettings);
  const ReaderKey reader = plan.add_reader({50, 10000});
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
  plan.consumed(reader, 150);
  EXPECT_EQ(plan.at(149), nullptr);
  ASSERT_NE(plan.take(0), nullptr);
}

TEST(SlicePlanTest, TheLastSliceEndsAtTheRangeEnd) {
  SlicePlan plan(kSettings);
  plan.add_reader({0, 130});
  EXPECT_EQ(plan.take(0)->bytes.end, 100u);
  EXPECT_EQ(plan.take(1)->bytes.end, 130u);
  EXPECT_EQ(plan.take(2), nullptr);
}

TEST(SlicePlanTest, AtFindsTheSliceHoldingAPosition) {
  SlicePlan plan(kSettings);
  plan.add_reader({0, 1000});
  const auto first = plan.take(0);
  const auto second = plan.take(1);
  EXPECT_EQ(plan.at(0), first);
  EXPECT_EQ(plan.at(99), first);
  EXPECT_EQ(plan.at(100), second);
  EXPECT_EQ(plan.at(200), nullptr);
}

TEST(SlicePlanTest, AStalledLaneKeepsItsBytesAndGivesTheRestToAnotherLane) {
  SlicePlan plan(kSettings);
  plan.add_reader({0, 1000});
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
  SlicePlan plan(kSettings);
  plan.add_reader({0, 100});
  const auto slice = plan.take(0);
  plan.give_back(slice, 0);
  EXPECT_EQ(plan.take(0), nullptr);
  const auto again = plan.take(0, /*alone=*/true);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->bytes.begin, 0u);
  EXPECT_EQ(again->bytes.end, 100u);
}

TEST(SlicePlanTest, BytesOnAnotherLanesDiskBecomeAReadySliceOfThatLane) {
  SlicePlan plan(kSettings);
  plan.add_reader({0, 1000});
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
  SlicePlan plan(kSettings);
  plan.add_reader({0, 1000});
  const auto slice = plan.take(0);
  plan.already_on_disk(slice, 1, 5000);
  EXPECT_EQ(slice->bytes.end, 1000u);
  EXPECT_TRUE(slice->complete());
  EXPECT_EQ(plan.take(0), nullptr);
  EXPECT_EQ(plan.waiting(), 0u);
}

TEST(SlicePlanTest, ALaneWhoseBotServesNoOtherStreamTakesASoloSlice) {
  SlicePlan plan({.slice_bytes = 100, .solo_slice_bytes = 200, .read_ahead = 1000});
  plan.add_reader({0, 1000});
  const auto solo = plan.take(0, /*alone=*/false, /*solo=*/true);
  const auto shared = plan.take(1);
  ASSERT_TRUE(solo && shared);
  EXPECT_EQ(solo->bytes, (ByteRange{0, 200}));
  EXPECT_EQ(shared->bytes, (ByteRange{200, 300}));
}

// 96 units in slices of 16 on 4 lanes were 6 slices, so two lanes idled for the last
// third. Toward the end each new slice is the rest shared among the lanes.
TEST(SlicePlanTest, SlicesShrinkTowardTheEndSoEveryLaneEndsTogether) {
  constexpr SliceSettings kTail{
      .slice_bytes = 16, .read_ahead = 1000, .lanes = 4, .tail_slice_bytes = 2};
  SlicePlan plan(kTail);
  plan.add_reader({0, 96});
  std::vector<std::uint64_t> lengths;
  for (LaneIndex lane = 0; auto slice = plan.take(lane % 4); ++lane) {
    lengths.push_back(slice->bytes.length());
    slice->ready_end = slice->bytes.end;
  }
  EXPECT_EQ(lengths, (std::vector<std::uint64_t>{16, 16, 16, 12, 9, 7, 5, 4, 3, 2, 2, 2, 2}));
}

// Lanes that start together share the work left, which counts what the others still have to
// bring: four lanes on 32 units in slices of up to 8 all get 8, not 8, 6, 4.5 and 3.
TEST(SlicePlanTest, LanesStartingTogetherGetEqualSlices) {
  constexpr SliceSettings kTogether{
      .slice_bytes = 8, .read_ahead = 1000, .lanes = 4, .tail_slice_bytes = 1};
  SlicePlan plan(kTogether);
  plan.add_reader({0, 32});
  for (LaneIndex lane = 0; lane < 4; ++lane) EXPECT_EQ(plan.take(lane)->bytes.length(), 8u);
  EXPECT_EQ(plan.take(4), nullptr);
}

// Two lanes of 100-byte slices; a steal takes at least 10 bytes and leaves the slow lane `margin`.
SliceSettings steal_settings(std::uint64_t margin) {
  return SliceSettings{.slice_bytes = 100,
                       .read_ahead = 1000,
                       .lanes = 2,
                       .tail_slice_bytes = 100,
                       .steal_min_bytes = 10,
                       .steal_margin_bytes = margin};
}

struct SlowAndFast {
  std::shared_ptr<Slice> slow;
  std::shared_ptr<Slice> fast;
};

// The first slices of lanes 0 and 1: lane 1's has all its bytes, lane 0's only up to `slow_ready`.
SlowAndFast take_slow_and_fast(SlicePlan& plan, std::uint64_t slow_ready) {
  SlowAndFast lanes{plan.take(0), plan.take(1)};
  lanes.fast->ready_end = lanes.fast->bytes.end;
  lanes.slow->ready_end = slow_ready;
  return lanes;
}

// A lane with nothing left steals the second half of what is still to come of the slice with
// the most such bytes; the slice it was cut from keeps its ready bytes and the margin.
TEST(SlicePlanTest, AnIdleLaneStealsTheSecondHalfOfTheSlowestSlice) {
  SlicePlan plan(steal_settings(5));
  plan.add_reader({0, 200});
  const SlowAndFast lanes = take_slow_and_fast(plan, 20);
  EXPECT_EQ(plan.take(1, false, false, [](LaneIndex) { return false; }), nullptr)
      << "no steal from a lane that is not slower";
  const auto tail = plan.take(1, false, false, kAnyLane);
  ASSERT_NE(tail, nullptr);
  EXPECT_EQ(tail->bytes, (ByteRange{60, 100}));  // 80 to come: 40 kept, 40 stolen
  EXPECT_EQ(tail->lane, 1u);
  EXPECT_EQ(tail->stolen_from, 0u);
  EXPECT_EQ(lanes.slow->bytes, (ByteRange{0, 60}));
  EXPECT_TRUE(lanes.slow->cut_by_steal);
  EXPECT_EQ(plan.at(60), tail);
  // The lane it was stolen from never steals it back, and a short rest is not worth a steal.
  lanes.slow->ready_end = 60;
  EXPECT_EQ(plan.take(0, false, false, kAnyLane), nullptr);
  tail->ready_end = 85;
  EXPECT_EQ(plan.take(2, false, false, kAnyLane), nullptr)
      << "15 to come: its second half (7) is under the least (10)";
}

TEST(SlicePlanTest, NoStealWhenTheRestIsWithinTheMargin) {
  SlicePlan plan(steal_settings(50));
  plan.add_reader({0, 160});
  // 60 to come: the margin keeps 50, 10 left is the least worth a steal.
  const SlowAndFast lanes = take_slow_and_fast(plan, 40);
  const auto tail = plan.take(1, false, false, kAnyLane);
  ASSERT_NE(tail, nullptr);
  EXPECT_EQ(tail->bytes, (ByteRange{90, 100}));
  lanes.slow->ready_end = 45;
  EXPECT_EQ(plan.take(2, false, false, kAnyLane), nullptr) << "45 to come is within the margin";
}

// A second client whose bytes a slice already brings reads from that slice: nothing is planned
// twice.
TEST(SlicePlanTest, AReaderWhoseBytesASliceBringsWaitsForThatSlice) {
  SlicePlan plan(kSettings);
  plan.add_reader({0, 1000});
  const auto first = plan.take(0);
  plan.add_reader({50, 1000});
  EXPECT_EQ(plan.at(50), first);
  const auto next = plan.take(1);
  ASSERT_NE(next, nullptr);
  EXPECT_EQ(next->bytes, (ByteRange{100, 200}));
}

// No slice reads ahead into bytes no client asked for, nor into another slice.
TEST(SlicePlanTest, ASliceStopsAtTheEndOfTheWantedBytesAndAtTheNextSlice) {
  constexpr SliceSettings kWide{.slice_bytes = 100, .read_ahead = 1000};
  SlicePlan plan(kWide);
  plan.add_reader({0, 250});
  plan.add_reader({300, 1000});
  EXPECT_EQ(plan.take(0)->bytes, (ByteRange{0, 100}));
  EXPECT_EQ(plan.take(1)->bytes, (ByteRange{300, 400}));
  EXPECT_EQ(plan.take(2)->bytes, (ByteRange{100, 200}));
  EXPECT_EQ(plan.take(3)->bytes, (ByteRange{400, 500}));
  EXPECT_EQ(plan.take(0)->bytes, (ByteRange{200, 250})) << "250-300 is wanted by nobody";

  SlicePlan next_to(kWide);
  next_to.add_reader({0, 1000});
  EXPECT_EQ(next_to.take(0)->bytes, (ByteRange{0, 100}));
  next_to.add_reader({150, 1000});
  EXPECT_EQ(next_to.take(1)->bytes, (ByteRange{150, 250}));
  EXPECT_EQ(next_to.take(2)->bytes, (ByteRange{100, 150}));
}

// The lanes go first where a client is blocked: four connections of a download manager each get
// a lane at their first byte before any lane reads further ahead for one of them.
TEST(SlicePlanTest, LanesGoFirstWhereAClientWaits) {
  SlicePlan plan({.slice_bytes = 100, .read_ahead = 1000, .lanes = 4, .tail_slice_bytes = 10});
  for (std::uint64_t part = 0; part < 4; ++part) plan.add_reader({part * 120, part * 120 + 120});
  std::vector<std::uint64_t> begins;
  for (LaneIndex lane = 0; lane < 4; ++lane) begins.push_back(plan.take(lane)->bytes.begin);
  EXPECT_EQ(begins, (std::vector<std::uint64_t>{0, 120, 240, 360}));
  EXPECT_EQ(plan.take(0)->bytes, (ByteRange{100, 120})) << "up to the next connection's slice";
}

TEST(SlicePlanTest, SlicesOnlyALeavingReaderWantedAreDropped) {
  SlicePlan plan(kSettings);
  const ReaderKey leaving = plan.add_reader({0, 1000});
  const ReaderKey staying = plan.add_reader({500, 1000});
  const auto own = plan.take(0);
  const auto other = plan.take(1);
  const auto ahead = plan.take(2);
  ASSERT_TRUE(own && other && ahead);
  EXPECT_EQ(other->bytes.begin, 500u);
  own->ready_end = own->bytes.end;
  const std::vector<std::shared_ptr<Slice>> dropped = plan.remove_reader(leaving);
  EXPECT_EQ(dropped, (std::vector<std::shared_ptr<Slice>>{ahead})) << "complete ones need no stop";
  EXPECT_TRUE(own->dropped && ahead->dropped);
  EXPECT_FALSE(other->dropped);
  EXPECT_EQ(plan.at(0), nullptr);
  EXPECT_EQ(plan.at(500), other);
  plan.give_back(ahead, 2);  // its lane stalls afterwards: the rest is nobody's
  plan.already_on_disk(ahead, 1, 50);
  EXPECT_EQ(plan.waiting(), 0u);
  EXPECT_EQ(plan.at(150), nullptr);
  EXPECT_EQ(plan.readers(), 1u);
  EXPECT_EQ(plan.consumed(staying, 1000).size(), 1u) << "the slice under way, read past";
}

// Eight connections of a download manager on 4 lanes, served in turn: every byte of the file is
// planned exactly once, in slices no longer than the full length.
TEST(SlicePlanTest, ADownloadManagersConnectionsArePlannedWithoutOverlap) {
  constexpr std::uint64_t kPart = 12;
  SlicePlan plan({.slice_bytes = 16, .read_ahead = 128, .lanes = 4, .tail_slice_bytes = 2});
  std::vector<ReaderKey> readers;
  std::vector<ByteRange> ranges;
  for (std::uint64_t i = 0; i < 8; ++i) {
    ranges.push_back({i * kPart, (i + 1) * kPart});
    readers.push_back(plan.add_reader(ranges.back()));
  }
  std::vector<ByteRange> taken;
  for (LaneIndex lane = 0; auto slice = plan.take(lane % 4); ++lane) {
    taken.push_back(slice->bytes);
    slice->ready_end = slice->bytes.end;
  }
  std::sort(taken.begin(), taken.end(),
            [](const ByteRange& a, const ByteRange& b) { return a.begin < b.begin; });
  std::uint64_t covered = 0;
  for (const ByteRange& slice : taken) {
    EXPECT_EQ(slice.begin, covered) << "a gap or an overlap before " << slice.begin;
    EXPECT_LE(slice.length(), 16u);
    covered = slice.end;
  }
  EXPECT_EQ(covered, 8 * kPart);
}

// A range leaves its bytes on a bot's disk; a later plan of the file, a stream from the start,
// ends its slices where those bytes begin and finds them there, so it fetches only the rest.
TEST(SlicePlanTest, ALaterPlanStopsItsSlicesWhereAnEarlierPlansBytesBegin) {
  SliceSettings settings{.slice_bytes = 100, .read_ahead = 1000, .part_bytes = 10};
  SlicePlan ranges(settings);
  const ReaderKey range = ranges.add_reader({255, 305});
  const auto brought = ranges.take(0);
  ASSERT_EQ(brought->bytes, (ByteRange{255, 305}));
  brought->ready_end = 305;
  ranges.remove_reader(range);
  EXPECT_EQ(ranges.held(), (std::vector<ByteRange>{{250, 310}})) << "TDLib's whole parts";

  SlicePlan whole(settings, ranges.held());
  whole.add_reader({0, 1000});
  EXPECT_EQ(whole.take(1)->bytes, (ByteRange{0, 100}));
  EXPECT_EQ(whole.take(2)->bytes, (ByteRange{100, 200}));
  EXPECT_EQ(whole.take(3)->bytes, (ByteRange{200, 250})) << "up to the held bytes";
  const auto found = whole.take(1);
  ASSERT_EQ(found->bytes.begin, 250u);
  whole.already_on_disk(found, 0, 60);
  EXPECT_EQ(found->bytes, (ByteRange{250, 310}));
  EXPECT_EQ(whole.take(2)->bytes.begin, 310u);
}

// A file TDLib deleted since: the slice at the held bytes finds nothing there, so they are
// forgotten and the file's next plan cuts no slice at them.
TEST(SlicePlanTest, HeldBytesABotTurnsOutNotToHaveAreForgotten) {
  constexpr SliceSettings kWide{.slice_bytes = 100, .read_ahead = 1000};
  SlicePlan plan(kWide, {{150, 400}});
  plan.add_reader({0, 1000});
  EXPECT_EQ(plan.take(0)->bytes, (ByteRange{0, 100}));
  EXPECT_EQ(plan.take(1)->bytes, (ByteRange{100, 150})) << "up to the held bytes";
  EXPECT_EQ(plan.take(2)->bytes, (ByteRange{150, 250}));
  plan.nothing_on_disk_at(150);
  EXPECT_TRUE(plan.held().empty());

  SlicePlan next(kWide, plan.held());
  next.add_reader({0, 1000});
  EXPECT_EQ(next.take(0)->bytes, (ByteRange{0, 100}));
  EXPECT_EQ(next.take(1)->bytes, (ByteRange{100, 200}));
}

// A slice ends at one of TDLib's parts' boundaries, so the bots of two slices next to each other
// never both fetch the part between them; it begins where a client waits.
TEST(SlicePlanTest, SlicesEndAtPartBoundaries) {
  SlicePlan plan({.slice_bytes = 100, .read_ahead = 1000, .part_bytes = 64});
  plan.add_reader({0, 1000});
  EXPECT_EQ(plan.take(0)->bytes, (ByteRange{0, 128}));
  EXPECT_EQ(plan.take(1)->bytes, (ByteRange{128, 256}));
  plan.add_reader({300, 1000});
  EXPECT_EQ(plan.take(2)->bytes, (ByteRange{300, 448}));
  EXPECT_EQ(plan.take(3)->bytes, (ByteRange{448, 576})) << "148 planned ahead of 300, 256 of 0";
  EXPECT_EQ(plan.take(0)->bytes, (ByteRange{256, 300})) << "up to the next slice";
  EXPECT_EQ(tdlib_part_bytes(96 << 20), 64u << 10);
  EXPECT_EQ(tdlib_part_bytes(1500ull << 20), 512u << 10);
}

}  // namespace
}  // namespace tglink
