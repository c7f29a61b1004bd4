// The arithmetic of a window move (FileLoader::update_downloaded_part): which parts in flight
// are kept.

#include "sim/download_plan.hpp"

#include <gtest/gtest.h>

#include "sim/bot_settings.hpp"

namespace tglink::sim {
namespace {

constexpr std::int64_t kPart = 64 * 1024;

FileDownload download_of(std::int64_t size, std::int64_t offset, std::int64_t limit) {
  FileDownload download;
  download.part_size = part_size_for(size);
  download.done.assign(static_cast<std::size_t>(part_count(size, download.part_size)), false);
  download.offset = offset;
  download.limit = limit;
  return download;
}

TEST(ProtectedParts, TwoMebibytesFromTheOffsetToTheEndOfAnOpenWindow) {
  const FileDownload download = download_of(10 * kMiB, kMiB, 0);
  const PartRange kept = protected_parts(download, 10 * kMiB);
  EXPECT_EQ(kept.first, 16);
  EXPECT_EQ(kept.end, 48);  // 2 MiB of 64 KiB parts
}

TEST(ProtectedParts, NotPastTheEndOfABoundedWindow) {
  const FileDownload download = download_of(10 * kMiB, kMiB, 3 * kPart);
  const PartRange kept = protected_parts(download, 10 * kMiB);
  EXPECT_EQ(kept.first, 16);
  EXPECT_EQ(kept.end, 19);
}

TEST(ProtectedParts, FromTheFirstPartNotOnDisk) {
  FileDownload download = download_of(10 * kMiB, 0, 0);
  for (std::size_t part = 0; part < 5; ++part) download.done[part] = true;
  const PartRange kept = protected_parts(download, 10 * kMiB);
  EXPECT_EQ(kept.first, 5);
  EXPECT_EQ(kept.end, 37);
}

TEST(ProtectedParts, BigPartsProtectFewerOfThem) {
  const std::int64_t size = 1100 * kMiB;  // 512 KiB parts
  const FileDownload download = download_of(size, 100 * kMiB, 0);
  const PartRange kept = protected_parts(download, size);
  EXPECT_EQ(kept.first, 200);
  EXPECT_EQ(kept.end, 204);
}

TEST(ProtectedParts, AWindowAtTheEndOfTheFileProtectsNothingPastIt) {
  const FileDownload download = download_of(kMiB, kMiB, 0);
  const PartRange kept = protected_parts(download, kMiB);
  EXPECT_EQ(kept.first, kept.end);
}

}  // namespace
}  // namespace tglink::sim
