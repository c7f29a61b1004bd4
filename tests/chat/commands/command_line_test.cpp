#include "chat/commands/command_line.hpp"

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;

TEST(CommandLine, SplitsNameAndArguments) {
  const auto line = parse_command_line("  /Revoke@my_bot   https://h/dl/x  ");
  ASSERT_TRUE(line);
  EXPECT_EQ(line->name, "revoke");
  EXPECT_EQ(line->arguments, "https://h/dl/x");
}

TEST(CommandLine, RefusesTextThatIsNotACommand) {
  expect_false_for(parse_command_line, {"hello", "/", "/ start", "/start-x", ""});
}

TEST(CommandLine, CommandWithoutArguments) {
  const auto line = parse_command_line("/help");
  ASSERT_TRUE(line);
  EXPECT_EQ(line->name, "help");
  EXPECT_EQ(line->arguments, "");
}

}  // namespace
}  // namespace tglink
