#pragma once
// The argv of ffprobe and of a conversion job. Only tglink's own values go in: the loopback
// URL holds a capability made for this one run (http/internal_request.hpp), never a file name,
// a title or a secret that outlives the run; no header is sent.
//
// A job writes fMP4 HLS segments {n}.m4s (complete when they appear: -hls_flags temp_file) and
// init.mp4 into its folder, plus, with a subtitle, the cues as WebVTT (subs-{run}.vtt) from the
// same reading of the file, and with an ASS/SSA subtitle its script as it is (subs-{run}.ass), with
// a PGS subtitle the player draws its stream as it is (subs-{run}.sup). A
// run that starts at segment n seeks there before opening the input
// (-ss n*L before -i, -start_number n). Every run keeps the file's own clock (-copyts,
// -start_at_zero) shifted by kTimestampOffset, and writes it into each fragment's tfdt
// (movflags=+frag_discont), which is what hls.js places fragments by: a restarted run's
// segments line up with the first run's (ffmpeg's default restarts tfdt at 0 and puts the
// offset in an edit list, which hls.js ignores).
//  - transcode: a keyframe is forced at the run's start and every L seconds after it, so
//    segment k is exactly [kL, (k+1)L) of the file;
//  - remux: video is copied and can only start at a keyframe, so the run starts at the keyframe
//    before n*L, and segments are cut at the first keyframe L seconds after the previous cut;
//    the player places them by their own times.
// kTimestampOffset keeps B-frame and AAC-priming timestamps (slightly before 0) positive: a
// tfdt cannot be negative.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "playback/media_probe.hpp"
#include "playback/segment_grid.hpp"
#include "playback/session_token.hpp"

namespace tglink {

// How much of the file the probe and the jobs read before deciding what the streams are. MP4
// and MKV carry the codec parameters in their headers; the default (5 MB) costs Telegram bytes.
inline constexpr std::string_view kProbeSize = "2000000";
inline constexpr std::string_view kAnalyzeDuration = "2000000";
// Seconds added to every timestamp of a conversion's segments (see above); the subtitle
// segments say so in their X-TIMESTAMP-MAP (playback/webvtt_slices.hpp).
inline constexpr double kTimestampOffset = 1.0;

struct LoopbackSource {
  std::string url;  // http://127.0.0.1:PORT/source/{capability}
};

[[nodiscard]] std::vector<std::string> ffprobe_argv(const std::string& ffprobe,
                                                    const LoopbackSource& source);

struct JobCommand {
  std::string ffmpeg;
  LoopbackSource source;
  SessionChoice choice;
  MediaProbe probe;
  SegmentGrid grid;
  std::string preset = "veryfast";
  std::filesystem::path dir;
};

// The chosen subtitle's index in probe.subtitles when it is ASS/SSA: a job's runs then also write
// it untouched to ass_run_file_name(run) (playback/ass_script.hpp).
[[nodiscard]] std::optional<std::size_t> chosen_ass_subtitle(const SessionChoice& choice,
                                                             const MediaProbe& probe);
[[nodiscard]] std::string ass_run_file_name(int run);
// Where the first run of such a job writes the file's font k (probe.fonts[k]).
[[nodiscard]] std::string font_file_name(std::size_t k);

// The chosen subtitle's index when it is PGS drawn by the player (choice.draw_subtitle): the runs
// copy it untouched to pgs_run_file_name(run) (playback/pgs_stream.hpp).
[[nodiscard]] std::optional<std::size_t> chosen_pgs_subtitle(const SessionChoice& choice,
                                                             const MediaProbe& probe);
[[nodiscard]] std::string pgs_run_file_name(int run);

// The chosen subtitle's index when it is a text one: the runs write it as WebVTT, which the
// master playlist offers as a subtitle rendition.
[[nodiscard]] std::optional<std::size_t> chosen_text_subtitle(const SessionChoice& choice,
                                                              const MediaProbe& probe);
[[nodiscard]] std::string webvtt_run_file_name(int run);

// The chosen subtitle's index when it is a picture one (PGS, VobSub) in a transcode that the
// player does not draw: the runs burn it into the picture (-filter_complex overlay) and write no
// WebVTT.
[[nodiscard]] std::optional<std::size_t> burned_subtitle(const SessionChoice& choice,
                                                         const MediaProbe& probe);

// The argv of run `run` (0, 1, ...) starting at `start_segment`.
[[nodiscard]] std::vector<std::string> job_argv(const JobCommand& job, int start_segment, int run);

}  // namespace tglink
