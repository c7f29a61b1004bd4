#pragma once
// The cues of a checked subtitle (subtitles/subtitle_document.hpp) written out again, in UTF-8:
//   - WebVTT for the player's <track> (and hls.js): SubRip's <i>, <b> and <u> stay (WebVTT has
//     them), every other tag (<font color=...>) goes, and '&', '<' and '>' are escaped, so a cue
//     can neither end early ("-->") nor carry markup the browser would read;
//   - SubRip for VLC and mpv, which read it everywhere.

#include <string>
#include <vector>

#include "subtitles/subtitle_document.hpp"

namespace tglink {

[[nodiscard]] std::string webvtt_of(const std::vector<SubtitleCue>& cues);
[[nodiscard]] std::string srt_of(const std::vector<SubtitleCue>& cues);

}  // namespace tglink
