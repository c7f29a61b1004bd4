#pragma once
// Segment n of a job's subtitle playlist, read from the WebVTT files its runs wrote
// (subs-{run}.vtt, playback/webvtt_slices.hpp), and the reads of every run's subtitle file that
// the drawn subtitles share. Reads and parses whole files: call it off the I/O thread
// (serving/playback_service.hpp runs it on a worker). Files are opened as job files
// (playback/job_file.hpp): a link or a FIFO in their place reads as empty.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "playback/segment_grid.hpp"

namespace tglink {

// Bytes of one run's WebVTT file read at most; a longer one is cut (its last cues are lost).
inline constexpr std::size_t kMaxSubtitleFileBytes = 16 << 20;

// Bytes of all runs' files one read of a job's subtitles takes at most. A job seeked many times
// has many runs; past this, the oldest runs are left out (the newest are where the viewer is),
// so one merge or cut holds at most this much, however many runs there are.
inline constexpr std::size_t kMaxSubtitleRunsBytes = 64 << 20;

// One run's subtitle file, at most kMaxSubtitleFileBytes of it.
[[nodiscard]] std::string read_subtitle_file(const std::filesystem::path& path);

// The number of runs with a file in `job_dir`: file_name(0), file_name(1)... up to the first
// missing one (runs are numbered from 0 without gaps).
[[nodiscard]] int subtitle_run_count(const std::filesystem::path& job_dir,
                                     const std::function<std::string(int)>& file_name);

// Every run's file in `job_dir`, in run order. Within `budget` bytes in all, taken newest run
// first: the older runs past it read as empty.
[[nodiscard]] std::vector<std::string> read_subtitle_runs(
    const std::filesystem::path& job_dir, const std::function<std::string(int)>& file_name,
    std::size_t budget = kMaxSubtitleRunsBytes);

// The cues every run in `job_dir` wrote for [start_of(n), start_of(n) + length_of(n)), as a
// WebVTT document.
[[nodiscard]] std::string subtitle_segment(const std::filesystem::path& job_dir,
                                           const SegmentGrid& grid, int n);

}  // namespace tglink
