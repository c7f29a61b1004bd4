#include "core/process_memory.hpp"

#include <fstream>

#include <gtest/gtest.h>

#include "core/disk_usage.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

constexpr std::string_view kStatus =
    "Name:\ttglink\nVmPeak:\t  300000 kB\nVmSize:\t  250000 kB\nVmHWM:\t   9000 kB\n"
    "VmRSS:\t    8192 kB\nThreads:\t3\n";

TEST(ProcessMemory, ReadsRssAndVmsInBytes) {
  const auto memory = parse_proc_status(kStatus);
  ASSERT_TRUE(memory.has_value());
  EXPECT_EQ(memory->rss_bytes, 8192 * 1024);
  EXPECT_EQ(memory->vms_bytes, 250000 * 1024);
}

TEST(ProcessMemory, MissingFieldIsNoReading) {
  EXPECT_FALSE(parse_proc_status("Name:\tx\nVmSize:\t 10 kB\n").has_value());
  EXPECT_FALSE(parse_proc_status("").has_value());
}

TEST(ProcessMemory, PrefixOfAnotherFieldIsNotTheField) {
  // "VmRSSx" must not be read as VmRSS.
  EXPECT_FALSE(parse_proc_status("VmRSSx:\t 1 kB\nVmSize:\t 2 kB\n").has_value());
}

TEST(ProcessMemory, MemTotalAndPercentage) {
  const auto total = parse_mem_total("MemTotal:       16384 kB\nMemFree: 100 kB\n");
  ASSERT_TRUE(total.has_value());
  EXPECT_EQ(*total, 16384 * 1024);
  ProcessMemory memory;
  memory.rss_bytes = 4096 * 1024;
  memory.machine_bytes = *total;
  EXPECT_DOUBLE_EQ(memory.percent_of_machine(), 25.0);
  memory.machine_bytes = 0;
  EXPECT_DOUBLE_EQ(memory.percent_of_machine(), 0.0);
}

TEST(ProcessMemory, ThisProcessHasResidentMemory) {
  const auto memory = read_process_memory();
  ASSERT_TRUE(memory.has_value());
  EXPECT_GT(memory->rss_bytes, 0);
  EXPECT_GE(memory->vms_bytes, memory->rss_bytes);
  EXPECT_GT(memory->machine_bytes, memory->rss_bytes);
}

TEST(DiskUsage, SumsRegularFilesBelowTheDirectory) {
  const testing::TempDir dir{"disk-usage"};
  std::filesystem::create_directories(dir.path() / "a" / "b");
  std::ofstream(dir.path() / "one") << std::string(100, 'x');
  std::ofstream(dir.path() / "a" / "b" / "two") << std::string(250, 'y');
  EXPECT_EQ(directory_bytes(dir.path()), 350);
  EXPECT_EQ(directory_bytes(dir.path() / "missing"), 0);
}

}  // namespace
}  // namespace tglink
