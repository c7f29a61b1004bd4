#include "playback/job_file.hpp"

#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tglink {

std::optional<JobFile> JobFile::open(const std::filesystem::path& path) {
  // O_NONBLOCK: opening a FIFO returns at once (and is then refused); it changes nothing for a
  // regular file.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  return adopt(fd);
}

std::optional<JobFile> JobFile::adopt(int fd) {
  JobFile file(fd);
  struct stat facts {};
  // A second link would be a file of elsewhere (a key, a database) made to look like a job's.
  if (::fstat(fd, &facts) != 0 || !S_ISREG(facts.st_mode) || facts.st_nlink != 1) {
    return std::nullopt;
  }
  file.size_ = static_cast<std::uint64_t>(facts.st_size);
  file.inode_ = static_cast<std::uint64_t>(facts.st_ino);
  file.modified_ns_ = static_cast<std::int64_t>(facts.st_mtim.tv_sec) * 1'000'000'000 +
                      static_cast<std::int64_t>(facts.st_mtim.tv_nsec);
  return file;
}

JobFile::~JobFile() {
  if (fd_ >= 0) ::close(fd_);
}

JobFile::JobFile(JobFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      size_(other.size_),
      inode_(other.inode_),
      modified_ns_(other.modified_ns_) {}

JobFile& JobFile::operator=(JobFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    size_ = other.size_;
    inode_ = other.inode_;
    modified_ns_ = other.modified_ns_;
  }
  return *this;
}

}  // namespace tglink
