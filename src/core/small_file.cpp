#include "core/small_file.hpp"

#include <fstream>

namespace tglink {

std::optional<std::string> read_small_file(const std::string& path, std::int64_t max_bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes;
  bytes.resize(static_cast<std::size_t>(max_bytes) + 1);
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  const std::streamsize got = in.gcount();
  if (got <= 0 || got > max_bytes) return std::nullopt;
  bytes.resize(static_cast<std::size_t>(got));
  return bytes;
}

}  // namespace tglink
