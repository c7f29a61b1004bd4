#include "sim/download_plan.hpp"

#include <algorithm>

#include "sim/bot_settings.hpp"

namespace tglink::sim {

std::int64_t part_size_for(std::int64_t file_size) {
  if (file_size <= 250 * kMiB) return 64 * 1024;
  if (file_size <= 500 * kMiB) return 128 * 1024;
  if (file_size <= 1000 * kMiB) return 256 * 1024;
  return 512 * 1024;
}

int part_count(std::int64_t file_size, std::int64_t part_size) {
  return static_cast<int>((file_size + part_size - 1) / part_size);
}

std::int64_t part_bytes(const FileDownload& download, std::int64_t file_size, int part) {
  std::int64_t begin = static_cast<std::int64_t>(part) * download.part_size;
  return std::min(download.part_size, file_size - begin);
}

namespace {

// [first, end) of a bounded window, in parts.
std::pair<int, int> bounded_range(const FileDownload& download, std::int64_t file_size) {
  int first = static_cast<int>(std::min(download.offset, file_size) / download.part_size);
  std::int64_t end_byte = std::min(file_size, download.offset + download.limit);
  int end = static_cast<int>((end_byte + download.part_size - 1) / download.part_size);
  return {first, std::max(first, end)};
}

}  // namespace

std::vector<int> window_parts(const FileDownload& download, std::int64_t file_size) {
  std::vector<int> parts;
  int count = static_cast<int>(download.done.size());
  if (download.limit > 0) {
    auto [first, end] = bounded_range(download, file_size);
    for (int part = first; part < end; ++part) parts.push_back(part);
    return parts;
  }
  int first = std::min(count, static_cast<int>(download.offset / download.part_size));
  for (int part = first; part < count; ++part) parts.push_back(part);
  for (int part = 0; part < first; ++part) parts.push_back(part);
  return parts;
}

int next_needed_part(const FileDownload& download, std::int64_t file_size) {
  for (int part : window_parts(download, file_size)) {
    if (!download.done[static_cast<std::size_t>(part)] && download.in_flight.count(part) == 0) {
      return part;
    }
  }
  return -1;
}

PartRange protected_parts(const FileDownload& download, std::int64_t file_size) {
  const int count = static_cast<int>(download.done.size());
  int first = static_cast<int>(std::min(download.offset, file_size) / download.part_size);
  while (first < count && download.done[static_cast<std::size_t>(first)]) ++first;
  const int window_end =
      download.limit <= 0
          ? count
          : static_cast<int>((download.offset + download.limit - 1) / download.part_size) + 1;
  const int most = static_cast<int>(kMaxResourceLimit / download.part_size);
  return PartRange{first, first + std::max(0, std::min(most, window_end - first))};
}

bool window_done(const FileDownload& download, std::int64_t file_size) {
  for (int part : window_parts(download, file_size)) {
    if (!download.done[static_cast<std::size_t>(part)]) return false;
  }
  return true;
}

bool all_done(const FileDownload& download) {
  return std::all_of(download.done.begin(), download.done.end(), [](bool done) { return done; });
}

}  // namespace tglink::sim
