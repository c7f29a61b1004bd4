#include "core/disk_usage.hpp"

namespace tglink {

std::int64_t directory_bytes(const std::filesystem::path& directory) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::recursive_directory_iterator it(directory, fs::directory_options::skip_permission_denied,
                                      error);
  std::int64_t total = 0;
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    std::error_code ignored;
    if (!it->is_regular_file(ignored)) continue;
    const std::uintmax_t size = it->file_size(ignored);
    if (!ignored) total += static_cast<std::int64_t>(size);
  }
  return total;
}

}  // namespace tglink
