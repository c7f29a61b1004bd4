#pragma once
// The user and the administrator the chat tests talk as, named once for every file of
// chat_test: its files are compiled in batches (a unity build), where two files' own constants
// of one name would clash.

#include <cstdint>

namespace tglink {

inline constexpr std::int64_t kUser = 4242;
inline constexpr std::int64_t kAdmin = 7;

}  // namespace tglink
