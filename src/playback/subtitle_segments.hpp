#pragma once
// Segment n of a job's subtitle playlist, read from the WebVTT files its runs wrote
// (subs-{run}.vtt, playback/webvtt_slices.hpp). Reads and parses whole files: call it off the
// I/O thread (serving/playback_service.hpp runs it on a worker).

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "playback/segment_grid.hpp"

namespace tglink {

// Bytes of one run's WebVTT file read at most; a longer one is cut (its last cues are lost).
inline constexpr std::size_t kMaxSubtitleFileBytes = 16 << 20;

// One run's subtitle file, at most kMaxSubtitleFileBytes of it.
[[nodiscard]] std::string read_subtitle_file(const std::filesystem::path& path);

// Every run's file in `job_dir`, in run order: file_name(0), file_name(1)... up to the first
// missing one (runs are numbered from 0 without gaps).
[[nodiscard]] std::vector<std::string> read_subtitle_runs(
    const std::filesystem::path& job_dir, const std::function<std::string(int)>& file_name);

// The cues every run in `job_dir` wrote for [start_of(n), start_of(n) + length_of(n)), as a
// WebVTT document.
[[nodiscard]] std::string subtitle_segment(const std::filesystem::path& job_dir,
                                           const SegmentGrid& grid, int n);

}  // namespace tglink
