// A job's folder is written by ffmpeg, which reads a stranger's bytes: what is served from it is
// a plain file, never a link to one of ours, nor a FIFO that would hold the thread that opens it.

#include "playback/job_file.hpp"

#include <fstream>

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "support/temp_dir.hpp"

namespace tglink {
namespace {

namespace fs = std::filesystem;

void write_job_file(const fs::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

TEST(JobFile, APlainFileIsOpenWithItsFacts) {
  const testing::TempDir dir;
  write_job_file(dir.path() / "0.m4s", "segment");
  const std::optional<JobFile> file = JobFile::open(dir.path() / "0.m4s");
  ASSERT_TRUE(file.has_value());
  EXPECT_EQ(file->size(), 7U);
  struct stat facts {};
  ASSERT_EQ(::stat((dir.path() / "0.m4s").c_str(), &facts), 0);
  EXPECT_EQ(file->inode(), facts.st_ino);
  EXPECT_GT(file->modified_ns(), 0);
  char byte = 0;
  EXPECT_EQ(::pread(file->fd(), &byte, 1, 0), 1);
  EXPECT_EQ(byte, 's');
  EXPECT_FALSE(JobFile::open(dir.path() / "missing").has_value());
}

TEST(JobFile, ALinkToAFileElsewhereIsNotOpened) {
  const testing::TempDir dir;
  write_job_file(dir.path() / "secret.key", "the signing key");
  fs::create_symlink(dir.path() / "secret.key", dir.path() / "font-0");
  EXPECT_FALSE(JobFile::open(dir.path() / "font-0").has_value());
  fs::create_hard_link(dir.path() / "secret.key", dir.path() / "1.m4s");
  EXPECT_FALSE(JobFile::open(dir.path() / "1.m4s").has_value());
  EXPECT_FALSE(JobFile::open(dir.path()).has_value()) << "a folder";
}

TEST(JobFile, AFifoIsRefusedWithoutWaitingForAWriter) {
  const testing::TempDir dir;
  const fs::path fifo = dir.path() / "subs-0.ass";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Without O_NONBLOCK this open would wait for a writer forever.
  EXPECT_FALSE(JobFile::open(fifo).has_value());
}

TEST(JobFile, AMovedFileKeepsItsDescriptor) {
  const testing::TempDir dir;
  write_job_file(dir.path() / "a", "first");
  std::optional<JobFile> file = JobFile::open(dir.path() / "a");
  ASSERT_TRUE(file.has_value());
  const int fd = file->fd();
  JobFile moved = std::move(*file);
  EXPECT_EQ(moved.fd(), fd);
  EXPECT_EQ(file->fd(), -1);  // NOLINT(bugprone-use-after-move): what a move leaves
  EXPECT_EQ(moved.size(), 5U);
}

}  // namespace
}  // namespace tglink
