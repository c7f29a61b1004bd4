#pragma once
// The settings of the player's conversions (docs/playback.md), read beside the rest
// (config_loader.cpp):
//   PLAYER_CONVERT        on | remux | off
//   FFMPEG_PATH           the ffmpeg program (a name PATH finds, or a path)
//   FFPROBE_PATH          the ffprobe program; default: "ffprobe" beside FFMPEG_PATH
//   TRANSCODE_SLOTS       concurrent video transcodes, 1..64 (default: cores / 2, at least 1)
//   REMUX_SLOTS           concurrent remuxes, 1..256
//   TRANSCODE_MAX_HEIGHT  lines of transcoded video, 144..2160
//   TRANSCODE_PRESET      an x264 preset name
//   HLS_CACHE_MB          disk for converted segments, 64..1048576
//   CONVERTER_MEMORY_MB   address space of each ffmpeg/ffprobe, 256..1048576
//   CONVERTER_CPU_PER_MEDIA_SECOND  CPU seconds per second of media, 1..100 (at least 120 s)
//   CONVERTER_FILE_MB     largest file a child may write, 16..1048576
//   CONVERTER_OPEN_FILES  descriptors a child may hold, 16..4096
//   CONVERTER_MIN_FREE_MB free space under which conversions stop, 0..1048576
//   CONVERTER_CONFINEMENT required | available: whether conversions need seccomp and Landlock's
//                         file rules (playback/child_confinement.hpp)
// A missing ffmpeg is not a configuration error: the player then plays what the browser can and
// says why not the rest (check-config reports it).

#include <string>

namespace tglink {

struct Config;
class EnvReader;

void load_playback_settings(EnvReader& env, Config& config);

// TRANSCODE_SLOTS as it applies: the setting, or cores / 2 (at least 1).
[[nodiscard]] int effective_transcode_slots(const Config& config);
// FFPROBE_PATH as it applies.
[[nodiscard]] std::string effective_ffprobe_path(const Config& config);

}  // namespace tglink
