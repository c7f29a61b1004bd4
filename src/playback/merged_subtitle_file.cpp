#include "playback/merged_subtitle_file.hpp"

#include <cerrno>
#include <string_view>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "playback/ass_script.hpp"
#include "playback/ffmpeg_command.hpp"
#include "playback/pgs_stream.hpp"
#include "playback/subtitle_segments.hpp"

namespace tglink {

namespace fs = std::filesystem;

namespace {

// Merged files remembered at most; past it they are forgotten (each is merged once more), so
// the jobs that came and went leave nothing behind.
constexpr std::size_t kMaxRemembered = 1024;

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// `bytes` as the file at `path`, written beside it and renamed over it; open for reading.
std::optional<JobFile> write_replacing(const fs::path& path, std::string_view bytes) {
  const fs::path temporary = fs::path(path).concat(".new");
  // Whatever is there (a leftover, or a link a run made) goes; O_EXCL never writes through one.
  ::unlink(temporary.c_str());
  const int fd =
      ::open(temporary.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return std::nullopt;
  if (!write_all(fd, bytes) || ::rename(temporary.c_str(), path.c_str()) != 0) {
    ::close(fd);
    ::unlink(temporary.c_str());
    return std::nullopt;
  }
  return JobFile::adopt(fd);
}

}  // namespace

DrawnSubtitleMerge ass_script_merge() { return {ass_run_file_name, "subs.ass", merge_ass_runs}; }

DrawnSubtitleMerge pgs_stream_merge() { return {pgs_run_file_name, "subs.sup", merge_pgs_runs}; }

std::vector<MergedSubtitleFiles::RunStamp> MergedSubtitleFiles::stamp_runs(
    const fs::path& job_dir, const DrawnSubtitleMerge& kind) {
  std::vector<RunStamp> runs;
  for (int run = 0;; ++run) {
    struct stat facts {};
    if (::lstat((job_dir / kind.run_file_name(run)).c_str(), &facts) != 0) return runs;
    runs.push_back({static_cast<std::uint64_t>(facts.st_size),
                    static_cast<std::int64_t>(facts.st_mtim.tv_sec) * 1'000'000'000 +
                        static_cast<std::int64_t>(facts.st_mtim.tv_nsec)});
  }
}

std::optional<JobFile> MergedSubtitleFiles::current(const fs::path& job_dir,
                                                    const DrawnSubtitleMerge& kind) {
  const std::lock_guard lock(mutex_);
  const fs::path path = job_dir / kind.merged_file_name;
  const std::string key = path.string();
  // Stamped before reading: a run that grows meanwhile only makes the next answer merge again.
  std::vector<RunStamp> runs = stamp_runs(job_dir, kind);
  if (const auto known = merged_.find(key); known != merged_.end() && known->second.runs == runs) {
    if (known->second.inode == 0) return std::nullopt;
    std::optional<JobFile> file = JobFile::open(path);
    if (file && file->inode() == known->second.inode) return file;
  }
  ++merges_;
  const std::string bytes = kind.merge(read_subtitle_runs(job_dir, kind.run_file_name));
  if (merged_.size() >= kMaxRemembered) merged_.clear();
  if (bytes.empty()) {
    merged_[key] = Merged{std::move(runs), 0};
    return std::nullopt;
  }
  std::optional<JobFile> file = write_replacing(path, bytes);
  if (!file) {
    merged_.erase(key);
    return std::nullopt;
  }
  merged_[key] = Merged{std::move(runs), file->inode()};
  return file;
}

std::uint64_t MergedSubtitleFiles::merges() const {
  const std::lock_guard lock(mutex_);
  return merges_;
}

}  // namespace tglink
