#pragma once
// The WebVTT segments of subs.m3u8. A job writes the chosen subtitle's cues as one growing
// WebVTT file per run (ffmpeg_command.hpp), in the same clock as the video; segment n of the
// subtitle playlist is the cues of those files that overlap [start, end), each once. Cutting
// here rather than in ffmpeg keeps the subtitle segments on the video's grid across restarts.

#include <string>
#include <string_view>
#include <vector>

namespace tglink {

struct WebVttCue {
  double start = 0;
  double end = 0;
  std::string block;  // the timing line and the text lines, as written

  bool operator==(const WebVttCue&) const = default;
};

// The cues of a WebVTT document (its header and NOTE/STYLE blocks skipped); a block whose
// timing line does not parse is skipped. At most `max_cues`.
[[nodiscard]] std::vector<WebVttCue> parse_webvtt_cues(std::string_view text,
                                                       std::size_t max_cues = 100000);

// A WebVTT document of the cues overlapping [start, end), in start order, duplicates removed.
// The cues are in the file's own time and the video's times are that plus kTimestampOffset
// (1 s, playback/ffmpeg_command.hpp), so X-TIMESTAMP-MAP maps cue time 0 to MPEGTS 90000.
[[nodiscard]] std::string webvtt_slice(const std::vector<WebVttCue>& cues, double start,
                                       double end);

// "00:01:02.500" or "01:02.500" -> 62.5; negative when it does not parse.
[[nodiscard]] double parse_webvtt_time(std::string_view text);

}  // namespace tglink
