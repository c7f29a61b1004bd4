#pragma once
// A file a conversion job wrote (a segment, an attached font, a run's subtitles, a merged
// subtitle), open for reading or serving. The job's folder is written by ffmpeg, whose decoders
// read a stranger's bytes, so what lies there is not trusted: only a regular file with one link
// is opened, never through a symbolic link (it could point at DATA_DIR) and never blocking on a
// FIFO (which would hold the thread that opens it).

#include <cstdint>
#include <filesystem>
#include <optional>

namespace tglink {

class JobFile {
 public:
  // The file at `path`, or nullopt when it is missing or not a plain file.
  [[nodiscard]] static std::optional<JobFile> open(const std::filesystem::path& path);
  // Takes `fd` (open for reading) over; nullopt, and `fd` closed, when it is not a plain file.
  [[nodiscard]] static std::optional<JobFile> adopt(int fd);

  ~JobFile();
  JobFile(JobFile&& other) noexcept;
  JobFile& operator=(JobFile&& other) noexcept;
  JobFile(const JobFile&) = delete;
  JobFile& operator=(const JobFile&) = delete;

  [[nodiscard]] int fd() const { return fd_; }
  // As fstat said when the file was opened.
  [[nodiscard]] std::uint64_t size() const { return size_; }
  [[nodiscard]] std::uint64_t inode() const { return inode_; }
  [[nodiscard]] std::int64_t modified_ns() const { return modified_ns_; }

 private:
  explicit JobFile(int fd) : fd_(fd) {}

  int fd_ = -1;
  std::uint64_t size_ = 0;
  std::uint64_t inode_ = 0;
  std::int64_t modified_ns_ = 0;
};

}  // namespace tglink
