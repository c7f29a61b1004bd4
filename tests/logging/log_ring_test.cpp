#include <string>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "logging/log.hpp"

namespace tglink {
namespace {

using ::testing::ElementsAre;

LogOptions quiet(std::size_t capacity) {
  return LogOptions{.console_level = LogLevel::Info, .ring_capacity = capacity, .console = false};
}

std::vector<std::string> texts(const std::vector<LogRecord>& records) {
  std::vector<std::string> result;
  for (const LogRecord& record : records) {
    result.push_back(record.text);
  }
  return result;
}

TEST(LogRing, KeepsRecordsOldestFirstWithLevels) {
  Log log(quiet(10));
  log.info("first {}", 1);
  log.warning("second");
  const std::vector<LogRecord> records = log.recent(LogLevel::Debug, 10);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].text, "first 1");
  EXPECT_EQ(records[0].level, LogLevel::Info);
  EXPECT_EQ(records[1].text, "second");
  EXPECT_EQ(records[1].level, LogLevel::Warning);
  EXPECT_LE(records[0].time, records[1].time);
}

TEST(LogRing, FiltersByMinimumLevel) {
  Log log(quiet(10));
  log.debug("d");
  log.info("i");
  log.warning("w");
  log.error("e");
  log.critical("c");
  EXPECT_THAT(texts(log.recent(LogLevel::Warning, 10)), ElementsAre("w", "e", "c"));
  EXPECT_THAT(texts(log.recent(LogLevel::Critical, 10)), ElementsAre("c"));
  EXPECT_THAT(texts(log.recent(LogLevel::Debug, 10)), ElementsAre("d", "i", "w", "e", "c"));
}

TEST(LogRing, KeepsDebugEvenWhenConsoleLevelIsHigher) {
  Log log(LogOptions{.console_level = LogLevel::Critical, .ring_capacity = 4, .console = true});
  log.debug("quiet detail");
  EXPECT_THAT(texts(log.recent(LogLevel::Debug, 4)), ElementsAre("quiet detail"));
}

TEST(LogRing, LimitTakesTheNewestMatchingRecords) {
  Log log(quiet(10));
  for (int i = 0; i < 6; ++i) {
    log.info("n{}", i);
  }
  log.debug("skipped");
  EXPECT_THAT(texts(log.recent(LogLevel::Info, 3)), ElementsAre("n3", "n4", "n5"));
  EXPECT_TRUE(log.recent(LogLevel::Info, 0).empty());
}

TEST(LogRing, DropsOldestBeyondCapacity) {
  Log log(quiet(3));
  for (int i = 0; i < 5; ++i) {
    log.info("n{}", i);
  }
  EXPECT_THAT(texts(log.recent(LogLevel::Debug, 100)), ElementsAre("n2", "n3", "n4"));
  const LogBufferStats stats = log.buffer_stats();
  EXPECT_EQ(stats.capacity, 3u);
  EXPECT_EQ(stats.size, 3u);
  EXPECT_EQ(stats.total, 5u);
}

TEST(LogRing, ZeroCapacityKeepsNothingButCounts) {
  Log log(quiet(0));
  log.error("gone");
  EXPECT_TRUE(log.recent(LogLevel::Debug, 10).empty());
  EXPECT_EQ(log.buffer_stats().total, 1u);
}

TEST(LogRing, BracesInWrittenTextAreKeptVerbatim) {
  Log log(quiet(2));
  log.write(LogLevel::Info, "json {\"a\":1} {}");
  EXPECT_THAT(texts(log.recent(LogLevel::Info, 1)), ElementsAre("json {\"a\":1} {}"));
}

TEST(LogRing, ManyThreadsLoggingLoseNothing) {
  Log log(quiet(1000));
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&log, t] {
      for (int i = 0; i < 100; ++i) {
        log.info("t{} i{}", t, i);
      }
    });
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
  EXPECT_EQ(log.buffer_stats().total, 400u);
  EXPECT_EQ(log.recent(LogLevel::Info, 1000).size(), 400u);
}

}  // namespace
}  // namespace tglink
