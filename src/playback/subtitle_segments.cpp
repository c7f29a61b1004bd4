#include "playback/subtitle_segments.hpp"

#include <fstream>
#include <iterator>
#include <vector>

#include "playback/webvtt_slices.hpp"

namespace tglink {

namespace fs = std::filesystem;

std::string read_subtitle_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::string text(kMaxSubtitleFileBytes, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

std::vector<std::string> read_subtitle_runs(const fs::path& job_dir,
                                            const std::function<std::string(int)>& file_name) {
  std::vector<std::string> runs;
  for (int run = 0;; ++run) {
    const fs::path path = job_dir / file_name(run);
    std::error_code ec;
    if (!fs::exists(path, ec)) return runs;
    runs.push_back(read_subtitle_file(path));
  }
}

std::string subtitle_segment(const fs::path& job_dir, const SegmentGrid& grid, int n) {
  std::vector<WebVttCue> cues;
  std::error_code ec;
  for (fs::directory_iterator it(job_dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (!name.starts_with("subs-") || !name.ends_with(".vtt")) continue;
    std::vector<WebVttCue> more = parse_webvtt_cues(read_subtitle_file(it->path()));
    cues.insert(cues.end(), std::make_move_iterator(more.begin()),
                std::make_move_iterator(more.end()));
  }
  return webvtt_slice(cues, grid.start_of(n), grid.start_of(n) + grid.length_of(n));
}

}  // namespace tglink
