#pragma once
// Reading a whole small file into memory (a video's poster, a subtitle sent beside a video),
// bounded so that a file larger than expected is refused rather than held.

#include <cstdint>
#include <optional>
#include <string>

namespace tglink {

// The whole file at `path`, or nullopt when it cannot be read, is empty, or is larger than
// `max_bytes`.
[[nodiscard]] std::optional<std::string> read_small_file(const std::string& path,
                                                         std::int64_t max_bytes);

}  // namespace tglink
