#include "chat/commands/command_line.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(CommandLine, SplitsNameAndArguments) {
  const auto line = parse_command_line("  /Revoke@my_bot   https://h/dl/x  ");
  ASSERT_TRUE(line);
  EXPECT_EQ(line->name, "revoke");
  EXPECT_EQ(line->arguments, "https://h/dl/x");
}

TEST(CommandLine, RefusesTextThatIsNotACommand) {
  EXPECT_FALSE(parse_command_line("hello"));
  EXPECT_FALSE(parse_command_line("/"));
  EXPECT_FALSE(parse_command_line("/ start"));
  EXPECT_FALSE(parse_command_line("/start-x"));
  EXPECT_FALSE(parse_command_line(""));
}

TEST(CommandLine, CommandWithoutArguments) {
  const auto line = parse_command_line("/help");
  ASSERT_TRUE(line);
  EXPECT_EQ(line->name, "help");
  EXPECT_EQ(line->arguments, "");
}

}  // namespace
}  // namespace tglink
