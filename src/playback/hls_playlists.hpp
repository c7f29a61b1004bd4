#pragma once
// The playlists of a conversion, written by tglink rather than taken from ffmpeg: the whole
// VOD playlist exists before the first segment does, so the player shows the full seek bar at
// once, and CODECS comes from the probe (ffmpeg's master playlist leaves it out, and hls.js
// needs it to set up MediaSource before the first segment).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "playback/media_probe.hpp"
#include "playback/segment_grid.hpp"
#include "playback/session_token.hpp"

namespace tglink {

struct MasterPlaylistFacts {
  std::string codecs;  // RFC 6381 list: "avc1.640028,mp4a.40.2"
  int width = 0;       // 0 when unknown: no RESOLUTION
  int height = 0;
  std::uint64_t bandwidth = 0;  // peak bits per second (an estimate)
  // The subtitle rendition, when the session carries one.
  std::optional<SubtitleStream> subtitle;
};

[[nodiscard]] std::string master_playlist(const MasterPlaylistFacts& facts);
// video.m3u8: init.mp4 and {n}.m4s.
[[nodiscard]] std::string media_playlist(const SegmentGrid& grid);
// subs.m3u8: {n}.vtt on the same grid.
[[nodiscard]] std::string subtitle_playlist(const SegmentGrid& grid);

// RFC 6381 names of what a session sends: the video (copied as probed, or H.264 High at level
// 4.0 when transcoded) and the audio (AAC; a copied AAC keeps its profile).
[[nodiscard]] std::string video_codec_string(const VideoStream& video, ConversionMode mode);
[[nodiscard]] std::string audio_codec_string(const AudioStream& audio, bool copied);

// The output height of a transcode: the source's, at most `max_height`, even (x264 needs it).
[[nodiscard]] int transcoded_height(int source_height, int max_height);
[[nodiscard]] int transcoded_width(int source_width, int source_height, int max_height);

}  // namespace tglink
