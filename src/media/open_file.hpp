#pragma once
// A read-only file descriptor closed when it goes out of scope. Kept open for as long as bytes
// are sent from it, so TDLib's rename of a finished file (same inode) does not disturb a reader.

#include <string>

#include <fcntl.h>
#include <unistd.h>

namespace tglink {

class OpenFile {
 public:
  OpenFile() = default;
  ~OpenFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;

  bool open(const std::string& path) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    return fd_ >= 0;
  }
  [[nodiscard]] int fd() const { return fd_; }

 private:
  int fd_ = -1;
};

}  // namespace tglink
