// The process figures: /proc parsers on fixed samples, and the live values of this process.
#include "metrics/process_metrics.hpp"

#include <map>

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

namespace tglink::metrics {
namespace {

TEST(ProcessMetricsTest, StartTicksAreTheTwentySecondField) {
  // The command name may hold spaces and parentheses; fields count from its last ')'.
  const std::string stat =
      "4242 (tg link (x)) S 1 4242 4242 0 -1 4194560 1 0 0 0 3 4 0 0 20 0 9 0 123456 1000 "
      "50 18446744073709551615";
  EXPECT_EQ(parse_start_ticks(stat), 123456);
  EXPECT_EQ(parse_start_ticks("4242 (x) S 1 2"), std::nullopt);
  EXPECT_EQ(parse_start_ticks("no name"), std::nullopt);
}

TEST(ProcessMetricsTest, BootTimeComesFromBtime) {
  EXPECT_EQ(parse_boot_time("cpu  1 2 3\nintr 5\nbtime 1700000000\nprocesses 9\n"), 1700000000);
  EXPECT_EQ(parse_boot_time("cpu  1 2 3\n"), std::nullopt);
}

TEST(ProcessMetricsTest, OpenDescriptorsFollowOpenAndClose) {
  const std::optional<std::int64_t> before = count_open_fds();
  ASSERT_TRUE(before.has_value());
  const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  EXPECT_EQ(count_open_fds(), *before + 1);
  ::close(fd);
  EXPECT_EQ(count_open_fds(), *before);
}

TEST(ProcessMetricsTest, RegistersTheStandardNamesWithLiveValues) {
  Registry registry;
  register_process_metrics(registry);
  std::map<std::string, double> values;
  for (const FamilySnapshot& family : registry.collect()) {
    ASSERT_EQ(family.samples.size(), 1u) << family.name;
    values[family.name] = family.samples[0].value;
  }
  EXPECT_GT(values.at("process_resident_memory_bytes"), 1024 * 1024);
  EXPECT_GT(values.at("process_open_fds"), 2);
  EXPECT_GE(values.at("process_max_fds"), values.at("process_open_fds"));
  EXPECT_GT(values.at("process_start_time_seconds"), 1.6e9);
}

}  // namespace
}  // namespace tglink::metrics
