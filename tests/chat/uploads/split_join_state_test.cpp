// When the parts received make the whole file: the smaller last part, parts in any order,
// numbering from 0 or 1, /join for a file with no smaller part, and sizes that cannot be one file.
#include "chat/uploads/split_join_state.hpp"

#include <vector>

#include <gtest/gtest.h>

namespace tglink {
namespace {

using SplitVerdict = SplitJoinState::Verdict;
constexpr std::int64_t kFullPart = 10;

TEST(SplitJoinState, WholeOnceEveryPartUpToTheSmallerLastCame) {
  const SplitJoinState state = split_join_state({{2, kFullPart}, {3, 4}, {1, kFullPart}}, false);
  EXPECT_EQ(state.verdict, SplitVerdict::whole);
  EXPECT_TRUE(state.last_known);
  EXPECT_TRUE(state.missing.empty());
  EXPECT_EQ(state.received, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(state.first_number, 1);
}

TEST(SplitJoinState, OutOfOrderPartsSayWhatIsMissing) {
  const SplitJoinState last_first = split_join_state({{3, 4}}, false);
  EXPECT_EQ(last_first.verdict, SplitVerdict::waiting);
  EXPECT_FALSE(last_first.last_known);  // one part alone says nothing of its size
  EXPECT_EQ(last_first.missing, (std::vector<int>{1, 2}));

  const SplitJoinState gap = split_join_state({{3, 4}, {1, kFullPart}}, false);
  EXPECT_EQ(gap.verdict, SplitVerdict::waiting);
  EXPECT_TRUE(gap.last_known);
  EXPECT_EQ(gap.missing, (std::vector<int>{2}));
}

TEST(SplitJoinState, EqualSizesWaitForMoreOrForJoin) {
  const std::vector<SplitPartSize> parts{{1, kFullPart}, {2, kFullPart}};
  const SplitJoinState waiting = split_join_state(parts, false);
  EXPECT_EQ(waiting.verdict, SplitVerdict::waiting);
  EXPECT_FALSE(waiting.last_known);
  EXPECT_TRUE(waiting.missing.empty());
  EXPECT_EQ(split_join_state(parts, true).verdict, SplitVerdict::whole);
  // /join with a gap still waits for the gap.
  const SplitJoinState gap = split_join_state({{1, kFullPart}, {3, kFullPart}}, true);
  EXPECT_EQ(gap.verdict, SplitVerdict::waiting);
  EXPECT_EQ(gap.missing, (std::vector<int>{2}));
  // One part and /join: the file is that part (a name that only looked like a split).
  EXPECT_EQ(split_join_state({{1, kFullPart}}, true).verdict, SplitVerdict::whole);
}

TEST(SplitJoinState, NumberingFromZeroNeedsPartZero) {
  const SplitJoinState from_zero =
      split_join_state({{1, kFullPart}, {0, kFullPart}, {2, 3}}, false);
  EXPECT_EQ(from_zero.verdict, SplitVerdict::whole);
  EXPECT_EQ(from_zero.first_number, 0);
  const SplitJoinState missing_one = split_join_state({{0, kFullPart}, {2, 3}}, false);
  EXPECT_EQ(missing_one.missing, (std::vector<int>{1}));
}

TEST(SplitJoinState, SizesThatCannotBeOneFileAreAMismatch) {
  const SplitJoinState uneven = split_join_state({{1, kFullPart}, {2, 7}, {3, 4}}, false);
  EXPECT_EQ(uneven.verdict, SplitVerdict::mismatch);
  EXPECT_NE(uneven.problem.find("part 2 is 7 bytes"), std::string::npos) << uneven.problem;
  const SplitJoinState larger_last = split_join_state({{1, kFullPart}, {2, kFullPart + 1}}, true);
  EXPECT_EQ(larger_last.verdict, SplitVerdict::mismatch);
  EXPECT_NE(larger_last.problem.find("larger"), std::string::npos) << larger_last.problem;
}

TEST(SplitJoinState, NoPartsWait) {
  EXPECT_EQ(split_join_state({}, true).verdict, SplitVerdict::waiting);
}

}  // namespace
}  // namespace tglink
