#pragma once
// The ASS/SSA script of a job's chosen subtitle, for the player's libass renderer. A job whose
// chosen subtitle is ASS or SSA also copies that stream, untouched, into one growing ASS file
// per run (ffmpeg_command.hpp): each holds the script's header (styles, fonts, play size) and
// the events that run has read, in the file's own time. A restarted run repeats some events;
// the script handed to the player is one header and every event once, written into one file
// (playback/merged_subtitle_file.hpp).

#include <string>
#include <string_view>
#include <vector>

namespace tglink {

// True for the codecs whose script the player draws as authored (ffprobe's names).
[[nodiscard]] bool is_ass_codec(std::string_view codec);

// One script from the runs' files, in run order: the first header found, then the "Dialogue:"
// lines of every file, each line once. Empty when no file has reached its [Events] section.
[[nodiscard]] std::string merge_ass_runs(const std::vector<std::string>& runs);

}  // namespace tglink
