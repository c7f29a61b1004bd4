#pragma once
// The words of POST /api/playback/{id}'s answer that the player page reads: the methods, and
// the kinds of reason (a reason is "kind" or "kind:detail", e.g. "audio_codec_unsupported:ac3").
// The page's copy is web/assets/player_vocabulary.js; a test holds the two lists equal, and
// another that every reason the decision gives is listed here.

#include <algorithm>
#include <array>
#include <string_view>

namespace tglink {

inline constexpr std::array<std::string_view, 4> kPlaybackMethods{"direct", "remux", "transcode",
                                                                  "unplayable"};

inline constexpr std::array<std::string_view, 23> kPlaybackReasons{
    "probe_failed",
    "ffmpeg_missing",
    "direct_excluded",
    "no_streams",
    "container_unsupported",
    "video_codec_unsupported",
    "audio_codec_unsupported",
    "audio_track_selected",
    "subtitle_selected",
    "image_subtitles",
    "subtitles_burnable",
    "subtitle_burned",
    "hls_unsupported",
    "conversion_off",
    "video_too_large",
    "duration_unknown",
    "converter_busy",
    "disk_low",
    "converter_unconfined",
    "value_out_of_range",
    "container_refused",
    "codec_refused",
    "protocol_refused",
};

// Whether `reason` ("kind" or "kind:detail") is of a listed kind.
[[nodiscard]] constexpr bool is_playback_reason(std::string_view reason) {
  const std::string_view kind = reason.substr(0, reason.find(':'));
  return std::find(kPlaybackReasons.begin(), kPlaybackReasons.end(), kind) !=
         kPlaybackReasons.end();
}

}  // namespace tglink
