// What an earlier run left under DATA_DIR/tdlib: every bot's downloads are counted, TDLib's own
// databases are not, and a sparse (partly downloaded) file counts what it holds.

#include "media/cache_scan.hpp"

#include <fstream>
#include <string>

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "support/temp_dir.hpp"

namespace tglink::testing {
namespace {

namespace fs = std::filesystem;

void write_bytes(const fs::path& path, std::size_t bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << std::string(bytes, 'x');
}

std::uint64_t total(const std::vector<FileOnDisk>& files) {
  std::uint64_t sum = 0;
  for (const FileOnDisk& file : files) sum += file.bytes;
  return sum;
}

TEST(CacheScanTest, CountsEveryBotsDownloadsButNotTheDatabases) {
  TempDir dir{"tglink-cache-scan"};
  const fs::path tdlib = dir.path() / "tdlib";
  write_bytes(tdlib / "1001" / "td.binlog", 5000);
  write_bytes(tdlib / "1001" / "db.sqlite", 7000);
  write_bytes(tdlib / "1001" / "documents" / "a.bin", 100000);
  write_bytes(tdlib / "1002" / "videos" / "b.mp4", 200000);
  write_bytes(tdlib / "1002" / "temp" / "3", 40000);
  const std::vector<FileOnDisk> found = scan_tdlib_files(tdlib);
  EXPECT_EQ(found.size(), 3u);
  EXPECT_EQ(total(found), 340000u);
}

TEST(CacheScanTest, ASparseFileCountsTheBlocksItHolds) {
  TempDir dir{"tglink-cache-scan"};
  const fs::path path = dir.path() / "tdlib" / "1001" / "temp" / "1";
  fs::create_directories(path.parent_path());
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT, 0644);
  ASSERT_GE(fd, 0);
  const std::string part(65536, 'p');
  ASSERT_EQ(::pwrite(fd, part.data(), part.size(), 64 << 20), static_cast<ssize_t>(part.size()));
  ::close(fd);
  const std::vector<FileOnDisk> found = scan_tdlib_files(dir.path() / "tdlib");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_GE(found[0].bytes, part.size());
  EXPECT_LT(found[0].bytes, 1u << 20) << "the 64 MiB hole is not on disk";
}

TEST(CacheScanTest, NoDirectoryIsNoFiles) {
  EXPECT_TRUE(scan_tdlib_files("/nonexistent/tglink/tdlib").empty());
}

}  // namespace
}  // namespace tglink::testing
