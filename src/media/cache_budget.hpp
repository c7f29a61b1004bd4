#pragma once
// The disk budget for TDLib's downloaded files (CACHE_MAX_GB), as pure bookkeeping: how many
// bytes each file holds on disk, when it was last read, and whether a reader is on it now.
// When the total is over budget, victims() names the least recently used files to evict
// (TelegramFileStreamer then cancels and deletes them through TDLib). A file with an active
// reader is never a victim.

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/clock.hpp"

namespace tglink {

// One file as one bot's TDLib client knows it; or (file_id 0) a file found on disk at start
// (media/cache_scan.hpp) that no bot has reported since, known by its path.
struct CachedFileKey {
  std::size_t bot = 0;
  std::int32_t file_id = 0;
  std::string path;
  friend auto operator<=>(const CachedFileKey&, const CachedFileKey&) = default;

  [[nodiscard]] bool found_at_start() const { return file_id == 0 && !path.empty(); }
};

class CacheBudget {
 public:
  explicit CacheBudget(std::uint64_t max_bytes) : max_bytes_(max_bytes) {}

  // TDLib reported `bytes` of this file on disk (local.downloaded_size).
  void record_size(const CachedFileKey& key, std::uint64_t bytes, SteadyTime now);
  void begin_read(const CachedFileKey& key, SteadyTime now);
  void end_read(const CachedFileKey& key, SteadyTime now);
  // The file is gone from disk.
  void forget(const CachedFileKey& key);

  [[nodiscard]] std::uint64_t total_bytes() const { return total_; }
  // What record_size last said of this file; 0 for a file not known.
  [[nodiscard]] std::uint64_t bytes_of(const CachedFileKey& key) const;
  [[nodiscard]] std::uint64_t max_bytes() const { return max_bytes_; }
  [[nodiscard]] bool over_budget() const { return total_ > max_bytes_; }
  // The least recently used idle files whose removal brings the total within budget, oldest
  // first; fewer (or none) when active readers hold the rest.
  [[nodiscard]] std::vector<CachedFileKey> victims() const;

 private:
  struct Entry {
    std::uint64_t bytes = 0;
    SteadyTime last_used{};
    int readers = 0;
  };
  Entry& entry(const CachedFileKey& key, SteadyTime now);

  std::uint64_t max_bytes_;
  std::uint64_t total_ = 0;
  std::map<CachedFileKey, Entry> files_;
};

}  // namespace tglink
