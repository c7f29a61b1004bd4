#pragma once
// The body of POST /api/playback/{id}: what the browser can decode (the player measures it with
// canPlayType, MediaSource.isTypeSupported and mediaCapabilities) and what the viewer chose.
// docs/playback.md lists the fields; parse_playback_request names the first bad one.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tglink {

enum class HlsSupport { kNone, kMse, kNative };

struct ClientCapabilities {
  std::vector<std::string> containers;  // mp4, webm, mkv, ...
  std::vector<std::string> video;       // h264, h264_10bit, hevc, vp9, av1, ...
  std::vector<std::string> audio;       // for direct play
  std::vector<std::string> hls_audio;   // inside fMP4 HLS
  HlsSupport hls = HlsSupport::kNone;
  // Picture-subtitle codecs the player draws itself over the video (hdmv_pgs_subtitle): such a
  // track is handed over as it is instead of being burned into a transcode.
  std::vector<std::string> drawn_subtitles;

  [[nodiscard]] bool plays_container(std::string_view name) const;
  [[nodiscard]] bool decodes_video(std::string_view codec) const;
  [[nodiscard]] bool decodes_audio(std::string_view codec) const;
  [[nodiscard]] bool decodes_hls_audio(std::string_view codec) const;
  [[nodiscard]] bool draws_subtitle(std::string_view codec) const;
};

struct PlaybackRequest {
  ClientCapabilities client;
  bool exclude_direct = false;
  std::optional<int> audio_track;     // index into the probe's audio list
  std::optional<int> subtitle_track;  // index into the probe's subtitle list
  double start_seconds = 0;
};

struct PlaybackRequestParse {
  std::optional<PlaybackRequest> request;
  std::string error;  // names the field: "audio_track must be a whole number from 0 to 1000"
};

// An empty body is an empty request (no capabilities). Never throws.
[[nodiscard]] PlaybackRequestParse parse_playback_request(std::string_view body);

}  // namespace tglink
