#include "playback/subtitle_segments.hpp"

#include <algorithm>
#include <cerrno>
#include <iterator>
#include <optional>
#include <vector>

#include <unistd.h>

#include "playback/ffmpeg_command.hpp"
#include "playback/job_file.hpp"
#include "playback/webvtt_slices.hpp"

namespace tglink {

namespace fs = std::filesystem;

namespace {

// The first `size` bytes of `file` (fewer when it is shorter).
std::string read_prefix(const JobFile& file, std::size_t size) {
  std::string text(size, '\0');
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::pread(file.fd(), text.data() + got, size - got, static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return text;
}

}  // namespace

std::string read_subtitle_file(const fs::path& path) {
  const std::optional<JobFile> file = JobFile::open(path);
  if (!file) return {};
  // Sized from the file, not the limit: a short file costs its own bytes only.
  return read_prefix(*file, std::min<std::uint64_t>(file->size(), kMaxSubtitleFileBytes));
}

int subtitle_run_count(const fs::path& job_dir, const std::function<std::string(int)>& file_name) {
  int count = 0;
  for (;; ++count) {
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(job_dir / file_name(count), ec))) return count;
  }
}

std::vector<std::string> read_subtitle_runs(const fs::path& job_dir,
                                            const std::function<std::string(int)>& file_name,
                                            std::size_t budget) {
  const int count = subtitle_run_count(job_dir, file_name);
  std::vector<std::string> runs(static_cast<std::size_t>(count));
  std::size_t left = budget;
  for (int run = count - 1; run >= 0; --run) {
    const std::optional<JobFile> file = JobFile::open(job_dir / file_name(run));
    if (!file) continue;
    const std::size_t size = std::min<std::uint64_t>(file->size(), kMaxSubtitleFileBytes);
    if (size > left) break;
    runs[static_cast<std::size_t>(run)] = read_prefix(*file, size);
    left -= size;
  }
  return runs;
}

std::string subtitle_segment(const fs::path& job_dir, const SegmentGrid& grid, int n) {
  std::vector<WebVttCue> cues;
  for (const std::string& run : read_subtitle_runs(job_dir, webvtt_run_file_name)) {
    std::vector<WebVttCue> more = parse_webvtt_cues(run);
    cues.insert(cues.end(), std::make_move_iterator(more.begin()),
                std::make_move_iterator(more.end()));
  }
  return webvtt_slice(cues, grid.start_of(n), grid.start_of(n) + grid.length_of(n));
}

}  // namespace tglink
