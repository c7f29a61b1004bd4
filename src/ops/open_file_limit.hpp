#pragma once
// The open-file limit (RLIMIT_NOFILE) and how many HTTP connections it leaves room for.
//
// Every connection is a descriptor, and one that is sending a file holds a second one (the
// TDLib file it sendfile()s from). The rest of the process needs some too: the store, TDLib's
// sockets and files for every bot, the log, lingering refusals. So the default MAX_CONNECTIONS is
// half of what is left after kReservedDescriptors: a server full of downloads then still never
// meets EMFILE.

#include <cstddef>
#include <cstdint>

namespace tglink {

inline constexpr std::uint64_t kReservedDescriptors = 256;
inline constexpr std::uint64_t kDescriptorsPerConnection = 2;

struct OpenFileLimit {
  std::uint64_t soft = 0;  // what this process may open now
  std::uint64_t hard = 0;  // what it may raise `soft` to without privileges
};

// Raises the soft limit to the hard limit (allowed to any process) and returns the limits after
// that; when raising fails, the limits as they are. RLIM_INFINITY reads as UINT64_MAX.
OpenFileLimit raise_open_file_limit();

// The default MAX_CONNECTIONS for a soft limit of `descriptors` (at least 1).
[[nodiscard]] std::size_t connections_for_descriptors(std::uint64_t descriptors);

}  // namespace tglink
