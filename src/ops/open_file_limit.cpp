#include "ops/open_file_limit.hpp"

#include <algorithm>
#include <limits>

#include <sys/resource.h>

namespace tglink {

namespace {

// A ceiling for "unlimited", so that the arithmetic below stays meaningful.
constexpr std::uint64_t kLargestUsefulLimit = 1 << 22;

std::uint64_t as_count(rlim_t value) {
  return value == RLIM_INFINITY ? std::numeric_limits<std::uint64_t>::max()
                                : static_cast<std::uint64_t>(value);
}

}  // namespace

OpenFileLimit raise_open_file_limit() {
  rlimit limits{};
  if (::getrlimit(RLIMIT_NOFILE, &limits) != 0) return {};
  if (limits.rlim_cur != limits.rlim_max) {
    rlimit raised = limits;
    raised.rlim_cur = limits.rlim_max;
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limits = raised;
  }
  return OpenFileLimit{as_count(limits.rlim_cur), as_count(limits.rlim_max)};
}

std::size_t connections_for_descriptors(std::uint64_t descriptors) {
  const std::uint64_t usable = std::min(descriptors, kLargestUsefulLimit);
  if (usable <= kReservedDescriptors + kDescriptorsPerConnection) return 1;
  return static_cast<std::size_t>((usable - kReservedDescriptors) / kDescriptorsPerConnection);
}

}  // namespace tglink
