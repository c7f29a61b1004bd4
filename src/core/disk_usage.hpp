#pragma once
// Bytes taken by the regular files under a directory (the admin /stats "cache on disk").

#include <cstdint>
#include <filesystem>

namespace tglink {

// 0 for a missing directory; files that vanish or cannot be read while walking are skipped.
[[nodiscard]] std::int64_t directory_bytes(const std::filesystem::path& directory);

}  // namespace tglink
