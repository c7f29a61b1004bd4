#pragma once
// The arithmetic of TDLib downloads, free of threads and I/O: part sizes by file size, and which
// parts one window (offset, limit) covers and in what order.

#include <cstdint>
#include <vector>

#include "sim/session.hpp"

namespace tglink::sim {

// Parts [first, end).
struct PartRange {
  int first = 0;
  int end = 0;
};

// ResourceManager::MAX_RESOURCE_LIMIT: the most a download keeps in flight.
inline constexpr std::int64_t kMaxResourceLimit = 2 * 1024 * 1024;
// FileDownloadManager::download: smaller files are "small" and use a budget of their own.
inline constexpr std::int64_t kSmallFileSize = 20 * 1024;

// 64 KiB up to 250 MiB, 128 KiB up to 500 MiB, 256 KiB up to 1000 MiB, 512 KiB above.
std::int64_t part_size_for(std::int64_t file_size);
int part_count(std::int64_t file_size, std::int64_t part_size);
std::int64_t part_bytes(const FileDownload& download, std::int64_t file_size, int part);

// Parts of the current window in the order TDLib fetches them: from the part holding `offset`
// to the window's end; with limit 0, on to the end of the file and then round from part 0.
std::vector<int> window_parts(const FileDownload& download, std::int64_t file_size);
// The first part of the window neither on disk nor in flight, or -1.
int next_needed_part(const FileDownload& download, std::int64_t file_size);
// FileLoader::update_downloaded_part: after the window moves, the parts kept in flight are those
// from the first part not on disk at the new offset, for at most kMaxResourceLimit bytes and not
// past the window's end; the others are cancelled.
PartRange protected_parts(const FileDownload& download, std::int64_t file_size);
bool window_done(const FileDownload& download, std::int64_t file_size);
bool all_done(const FileDownload& download);

}  // namespace tglink::sim
