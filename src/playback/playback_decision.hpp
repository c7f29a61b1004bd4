#pragma once
// How a file is played in this browser: direct, remux, transcode or not at all, and why.
// A pure function of the probe, the browser's capabilities and choices, and the server's
// policy, so that the whole table is unit-tested (tests/playback/playback_decision_test.cpp);
// the HTTP layer only carries its answer. docs/playback.md states the rules.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "playback/media_probe.hpp"
#include "playback/playback_request.hpp"

namespace tglink {

enum class PlaybackMethod { kDirect, kRemux, kTranscode, kUnplayable };

// PLAYER_CONVERT.
enum class ConvertPolicy { kOn, kRemuxOnly, kOff };

struct ServerPolicy {
  ConvertPolicy convert = ConvertPolicy::kOn;
  bool ffmpeg_available = true;
  // DATA_DIR's filesystem is under the free-space floor: nothing is converted for now.
  bool disk_low = false;
  // CONVERTER_CONFINEMENT=required on a kernel that can't confine ffmpeg: nothing is converted
  // or probed (playback/child_confinement.hpp).
  bool confinement_missing = false;
};

struct PlaybackDecision {
  PlaybackMethod method = PlaybackMethod::kUnplayable;
  std::vector<std::string> reasons;  // docs/playback.md's vocabulary
  // What a conversion does (meaningful for remux and transcode).
  bool copy_video = false;
  bool copy_audio = false;
  std::optional<int> audio_track;     // index into probe.audio; nullopt: no audio
  std::optional<int> subtitle_track;  // index into probe.subtitles; a picture one is burned in
  // ...unless the player draws it itself (PGS where it said so): handed over as it is.
  bool subtitle_drawn = false;
};

// The probe's container as the client's `containers` vocabulary names it: "mp4", "mkv", "webm",
// "mov", "3gp", "avi", "wmv", "ts", "flv", "ogg", or format_name itself. The file name
// separates the members of ffprobe's "mov,mp4,m4a,3gp,3g2,mj2" family.
[[nodiscard]] std::string container_name(const MediaProbe& probe, std::string_view file_name);

// The video codec as the client's `video` vocabulary names it: "h264_10bit" for H.264 over 8
// bits, else ffprobe's codec_name.
[[nodiscard]] std::string video_codec_name(const VideoStream& video);

// `probe` is nullopt when ffprobe could not read the file (or is missing): then the only hope is
// direct play.
[[nodiscard]] PlaybackDecision decide_playback(const std::optional<MediaProbe>& probe,
                                               std::string_view file_name,
                                               const PlaybackRequest& request,
                                               const ServerPolicy& policy);

[[nodiscard]] std::string_view method_name(PlaybackMethod method);

// The banner sentence for a decision ("" when there is nothing to say).
[[nodiscard]] std::string playback_notice(const PlaybackDecision& decision,
                                          const std::optional<MediaProbe>& probe,
                                          int queue_position, int max_height);

}  // namespace tglink
