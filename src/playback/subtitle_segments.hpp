#pragma once
// Segment n of a job's subtitle playlist, read from the WebVTT files its runs wrote
// (subs-{run}.vtt, playback/webvtt_slices.hpp). Reads and parses whole files: call it off the
// I/O thread (serving/playback_service.hpp runs it on a worker).

#include <cstddef>
#include <filesystem>
#include <string>

#include "playback/segment_grid.hpp"

namespace tglink {

// Bytes of one run's WebVTT file read at most; a longer one is cut (its last cues are lost).
inline constexpr std::size_t kMaxSubtitleFileBytes = 16 << 20;

// One run's subtitle file, at most kMaxSubtitleFileBytes of it.
[[nodiscard]] std::string read_subtitle_file(const std::filesystem::path& path);

// The cues every run in `job_dir` wrote for [start_of(n), start_of(n) + length_of(n)), as a
// WebVTT document.
[[nodiscard]] std::string subtitle_segment(const std::filesystem::path& job_dir,
                                           const SegmentGrid& grid, int n);

}  // namespace tglink
