#include "media/cache_scan.hpp"

#include <algorithm>

#include <sys/stat.h>

namespace tglink {

namespace fs = std::filesystem;

namespace {

std::uint64_t bytes_on_disk(const fs::path& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return 0;
  const auto length = static_cast<std::uint64_t>(info.st_size);
  const auto allocated = static_cast<std::uint64_t>(info.st_blocks) * 512;
  return std::min(length, allocated);
}

void add_files_under(const fs::path& folder, std::vector<FileOnDisk>& found) {
  std::error_code error;
  for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end;
       it.increment(error)) {
    if (!it->is_regular_file(error)) continue;
    found.push_back(FileOnDisk{it->path().string(), bytes_on_disk(it->path())});
  }
}

}  // namespace

std::vector<FileOnDisk> scan_tdlib_files(const fs::path& tdlib_dir) {
  std::vector<FileOnDisk> found;
  std::error_code error;
  for (const fs::directory_entry& bot : fs::directory_iterator(tdlib_dir, error)) {
    if (!bot.is_directory(error)) continue;
    for (const fs::directory_entry& folder : fs::directory_iterator(bot.path(), error)) {
      if (folder.is_directory(error)) add_files_under(folder.path(), found);
    }
  }
  return found;
}

}  // namespace tglink
