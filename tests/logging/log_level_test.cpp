#include <gtest/gtest.h>

#include "logging/log.hpp"
#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;
using testing::expect_results;

TEST(LogLevelName, ParsesSpecNamesInAnyCase) {
  expect_results(parse_log_level, {{"DEBUG", LogLevel::Debug},
                                   {"info", LogLevel::Info},
                                   {"Warning", LogLevel::Warning},
                                   {"warn", LogLevel::Warning},
                                   {"error", LogLevel::Error},
                                   {"CRITICAL", LogLevel::Critical}});
}

TEST(LogLevelName, RejectsUnknownNames) {
  expect_false_for(parse_log_level, {"", "verbose", "INFO "});
}

TEST(LogLevelName, NamesRoundTrip) {
  for (LogLevel level :
       {LogLevel::Debug, LogLevel::Info, LogLevel::Warning, LogLevel::Error, LogLevel::Critical}) {
    EXPECT_EQ(parse_log_level(log_level_name(level)), level);
  }
  EXPECT_EQ(log_level_name(LogLevel::Warning), "WARNING");
}

}  // namespace
}  // namespace tglink
