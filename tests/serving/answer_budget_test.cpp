// The player's answers waiting on their clients are bounded: in number, per client, and in bytes
// built in memory; a ticket given back makes room again.

#include "serving/answer_budget.hpp"

#include <vector>

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(AnswerBudget, AClientHoldsItsShareAndOthersStillGetTheirs) {
  AnswerBudget budget({.answers = 5,
                       .answers_per_client = 3,
                       .memory_bytes = 1000,
                       .memory_bytes_per_client = 1000});
  std::vector<AnswerBudget::Ticket> held;
  for (int i = 0; i < 3; ++i) {
    std::optional<AnswerBudget::Ticket> ticket = budget.take("203.0.113.7");
    ASSERT_TRUE(ticket.has_value()) << i;
    held.push_back(std::move(*ticket));
  }
  EXPECT_FALSE(budget.take("203.0.113.7").has_value()) << "past its share";
  std::optional<AnswerBudget::Ticket> other = budget.take("198.51.100.1");
  ASSERT_TRUE(other.has_value());
  std::optional<AnswerBudget::Ticket> third = budget.take("192.0.2.9");
  ASSERT_TRUE(third.has_value());
  EXPECT_FALSE(budget.take("192.0.2.10").has_value()) << "past the bound of all clients";
  EXPECT_EQ(budget.answers(), 5U);
  held.pop_back();
  EXPECT_TRUE(budget.take("203.0.113.7").has_value()) << "a ticket given back makes room";
}

TEST(AnswerBudget, BytesBuiltInMemoryAreBoundedToo) {
  AnswerBudget budget({.answers = 100,
                       .answers_per_client = 100,
                       .memory_bytes = 1000,
                       .memory_bytes_per_client = 600});
  std::optional<AnswerBudget::Ticket> big = budget.take("a", 600);
  ASSERT_TRUE(big.has_value());
  EXPECT_FALSE(budget.take("a", 1).has_value()) << "past the client's bytes";
  EXPECT_TRUE(budget.take("a").has_value()) << "a file costs no bytes";
  std::optional<AnswerBudget::Ticket> rest = budget.take("b", 400);
  ASSERT_TRUE(rest.has_value());
  EXPECT_FALSE(budget.take("c", 1).has_value()) << "past the bytes of all clients";
  EXPECT_EQ(budget.memory_bytes(), 1000U);
  big.reset();
  EXPECT_EQ(budget.memory_bytes(), 400U);
  EXPECT_TRUE(budget.take("c", 600).has_value());
}

TEST(AnswerBudget, AMovedTicketIsGivenBackOnce) {
  AnswerBudget budget(
      {.answers = 1, .answers_per_client = 1, .memory_bytes = 10, .memory_bytes_per_client = 10});
  {
    std::optional<AnswerBudget::Ticket> ticket = budget.take("a", 10);
    ASSERT_TRUE(ticket.has_value());
    const AnswerBudget::Ticket moved = std::move(*ticket);
    ticket.reset();
    EXPECT_EQ(budget.answers(), 1U);
    EXPECT_EQ(budget.memory_bytes(), 10U);
  }
  EXPECT_EQ(budget.answers(), 0U);
  EXPECT_EQ(budget.memory_bytes(), 0U);
}

}  // namespace
}  // namespace tglink
