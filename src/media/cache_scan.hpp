#pragma once
// The files TDLib left on disk before this start: every bot's downloads under
// DATA_DIR/tdlib/<bot id>/<folder>/ (documents, videos, temp, ...). TDLib's own databases sit
// directly in <bot id>/ and are not part of the cache. The disk budget counts these files from
// the first second, so a restart does not forget what the previous run downloaded.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tglink {

struct FileOnDisk {
  std::string path;
  std::uint64_t bytes = 0;  // what the file takes: a sparse, partly downloaded file counts its
                            // written blocks, not its length
};

// Files under `tdlib_dir`/*/*/…; none when the directory does not exist.
[[nodiscard]] std::vector<FileOnDisk> scan_tdlib_files(const std::filesystem::path& tdlib_dir);

}  // namespace tglink
