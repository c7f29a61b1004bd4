// The default MAX_CONNECTIONS from the open-file limit.
#include "ops/open_file_limit.hpp"

#include <limits>

#include <gtest/gtest.h>
#include <sys/resource.h>

namespace tglink {
namespace {

TEST(OpenFileLimit, EachConnectionMayHoldTwoDescriptorsAfterTheReserve) {
  EXPECT_EQ(connections_for_descriptors(1024), (1024 - kReservedDescriptors) / 2);
  EXPECT_EQ(connections_for_descriptors(20000), (20000 - kReservedDescriptors) / 2);
}

TEST(OpenFileLimit, TinyAndUnlimitedLimitsStayUsable) {
  EXPECT_EQ(connections_for_descriptors(0), 1U);
  EXPECT_EQ(connections_for_descriptors(kReservedDescriptors), 1U);
  const std::size_t unlimited =
      connections_for_descriptors(std::numeric_limits<std::uint64_t>::max());
  EXPECT_GT(unlimited, 1'000'000U);
  EXPECT_LT(unlimited, 10'000'000U);
}

TEST(OpenFileLimit, SoftLimitIsRaisedToTheHardLimit) {
  rlimit before{};
  ASSERT_EQ(::getrlimit(RLIMIT_NOFILE, &before), 0);
  rlimit lowered = before;
  lowered.rlim_cur = std::min<rlim_t>(before.rlim_max, 300);
  ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &lowered), 0);
  const OpenFileLimit raised = raise_open_file_limit();
  EXPECT_EQ(raised.soft, raised.hard);
  rlimit after{};
  ASSERT_EQ(::getrlimit(RLIMIT_NOFILE, &after), 0);
  EXPECT_EQ(after.rlim_cur, before.rlim_max);
}

}  // namespace
}  // namespace tglink
