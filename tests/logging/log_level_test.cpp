#include <gtest/gtest.h>

#include "logging/log.hpp"

namespace tglink {
namespace {

TEST(LogLevelName, ParsesSpecNamesInAnyCase) {
  EXPECT_EQ(parse_log_level("DEBUG"), LogLevel::Debug);
  EXPECT_EQ(parse_log_level("info"), LogLevel::Info);
  EXPECT_EQ(parse_log_level("Warning"), LogLevel::Warning);
  EXPECT_EQ(parse_log_level("warn"), LogLevel::Warning);
  EXPECT_EQ(parse_log_level("error"), LogLevel::Error);
  EXPECT_EQ(parse_log_level("CRITICAL"), LogLevel::Critical);
}

TEST(LogLevelName, RejectsUnknownNames) {
  EXPECT_EQ(parse_log_level(""), std::nullopt);
  EXPECT_EQ(parse_log_level("verbose"), std::nullopt);
  EXPECT_EQ(parse_log_level("INFO "), std::nullopt);
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
