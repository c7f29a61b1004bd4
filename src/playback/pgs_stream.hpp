#pragma once
// The PGS (Blu-ray picture subtitle) stream of a job's chosen subtitle, for the player's canvas
// renderer. A job whose chosen PGS subtitle is drawn by the player copies that stream, untouched,
// into one growing .sup file per run (ffmpeg_command.hpp), in the file's own time. A .sup is a
// run of segments ("PG", PTS, DTS, type, size, payload) grouped into display sets that end with
// an END segment. A restarted run repeats some display sets and starts later in the file; the
// stream handed to the player is every complete display set once, in presentation order (the
// renderer looks the time up in a sorted list), written into one file
// (playback/merged_subtitle_file.hpp).

#include <string>
#include <string_view>
#include <vector>

namespace tglink {

// True for the picture-subtitle codec the player can draw itself (ffprobe's name).
[[nodiscard]] bool is_pgs_codec(std::string_view codec);

// One .sup stream from the runs' files, in run order: their complete display sets, each once,
// ordered by presentation time (a stable order for equal times). A display set still being
// written, or bytes that are no PGS segment, end a run's contribution there.
[[nodiscard]] std::string merge_pgs_runs(const std::vector<std::string>& runs);

}  // namespace tglink
