#include "chat/uploads/fair_queue.hpp"

#include <vector>

#include <gtest/gtest.h>

namespace tglink {
namespace {

bool everyone(std::int64_t) { return true; }

std::vector<std::int64_t> drain(FairQueue& queue) {
  std::vector<std::int64_t> order;
  while (auto entry = queue.pop(everyone)) order.push_back(entry->upload_id);
  return order;
}

TEST(FairQueue, UsersTakeTurnsAndEachKeepsItsOrder) {
  FairQueue queue;
  for (std::int64_t id = 1; id <= 5; ++id) queue.push(1, id);  // user 1 sends a batch first
  queue.push(2, 6);
  queue.push(3, 7);
  queue.push(2, 8);
  EXPECT_EQ(queue.size(), 8U);
  EXPECT_EQ(drain(queue), (std::vector<std::int64_t>{1, 6, 7, 2, 8, 3, 4, 5}));
  EXPECT_TRUE(queue.empty());
}

TEST(FairQueue, AUserWhoIsNotReadyDoesNotHoldBackTheOthers) {
  FairQueue queue;
  queue.push(1, 1);
  queue.push(1, 2);
  queue.push(2, 3);
  auto not_user_1 = [](std::int64_t user) { return user != 1; };
  auto first = queue.pop(not_user_1);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->user_id, 2);
  EXPECT_EQ(first->upload_id, 3);
  EXPECT_FALSE(queue.pop(not_user_1).has_value());
  EXPECT_EQ(queue.count(1), 2U);
  EXPECT_EQ(drain(queue), (std::vector<std::int64_t>{1, 2}));
}

TEST(FairQueue, AUserJustServedWaitsBehindOneWhoWasNot) {
  FairQueue queue;
  queue.push(1, 1);
  EXPECT_EQ(queue.pop(everyone)->upload_id, 1);
  queue.push(1, 2);
  queue.push(1, 3);
  queue.push(2, 4);  // later than user 1's, but user 2 has not had a turn
  EXPECT_EQ(drain(queue), (std::vector<std::int64_t>{4, 2, 3}));
}

TEST(FairQueue, AheadOfNewCountsWhatRoundRobinServesFirst) {
  FairQueue queue;
  EXPECT_EQ(queue.ahead_of_new(1), 0U);
  for (std::int64_t id = 1; id <= 10; ++id) queue.push(1, id);
  queue.push(2, 11);
  // A new upload from user 3 goes after one of user 1's and user 2's: third.
  EXPECT_EQ(queue.ahead_of_new(3), 2U);
  // User 2's second goes after its first and two of user 1's.
  EXPECT_EQ(queue.ahead_of_new(2), 3U);
  // User 1's eleventh goes after its ten and user 2's one.
  EXPECT_EQ(queue.ahead_of_new(1), 11U);

  // Check the count against the real order for user 3.
  queue.push(3, 12);
  std::vector<std::int64_t> order = drain(queue);
  EXPECT_EQ(order[2], 12);
}

TEST(FairQueue, AheadOfNewPutsAUserNeverServedFirst) {
  FairQueue queue;
  queue.push(1, 1);
  (void)queue.pop(everyone);
  queue.push(1, 2);
  queue.push(1, 3);
  EXPECT_EQ(queue.ahead_of_new(2), 0U);  // user 1 was just served: user 2 goes next
  EXPECT_EQ(queue.ahead_of_new(1), 2U);
  queue.push(2, 4);
  EXPECT_EQ(queue.ahead_of_new(2), 2U);  // after its own and user 1's second
  EXPECT_EQ(drain(queue), (std::vector<std::int64_t>{4, 2, 3}));
}

}  // namespace
}  // namespace tglink
