#pragma once
// The arithmetic of TDLib downloads, free of threads and I/O: part sizes by file size, and which
// parts one window (offset, limit) covers and in what order.

#include <cstdint>
#include <vector>

#include "sim/session.hpp"

namespace tglink::sim {

// 64 KiB up to 250 MiB, 128 KiB up to 500 MiB, 256 KiB up to 1000 MiB, 512 KiB above.
std::int64_t part_size_for(std::int64_t file_size);
int part_count(std::int64_t file_size, std::int64_t part_size);
std::int64_t part_bytes(const FileDownload& download, std::int64_t file_size, int part);

// Parts of the current window in the order TDLib fetches them: from the part holding `offset`
// to the window's end; with limit 0, on to the end of the file and then round from part 0.
std::vector<int> window_parts(const FileDownload& download, std::int64_t file_size);
bool in_window(const FileDownload& download, std::int64_t file_size, int part);
// The first part of the window neither on disk nor in flight, or -1.
int next_needed_part(const FileDownload& download, std::int64_t file_size);
bool window_done(const FileDownload& download, std::int64_t file_size);
bool all_done(const FileDownload& download);

}  // namespace tglink::sim
