#pragma once
// What ffprobe says about a file, typed and bounded: the container, the duration and every
// stream the player cares about. Parsed from `ffprobe -show_format -show_streams -of json`
// (parse_ffprobe_json) and kept in the store in this module's own compact JSON
// (probe_to_json / probe_from_json), keyed by the file's unique id.
//
// A hostile file can claim anything, so parsing keeps at most kMaxStreamsPerKind streams of each
// kind, cuts strings to kMaxProbeText bytes (at a UTF-8 boundary), and treats absurd numbers
// (negative or huge sizes, channels, durations) as unknown instead of trusting them. A size,
// channel count or stream index stated out of bounds is also named in `out_of_range`: such a
// file is never converted (an unknown width must not pass a limit on widths).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tglink {

inline constexpr std::size_t kMaxStreamsPerKind = 64;
inline constexpr std::size_t kMaxProbeText = 200;
inline constexpr std::size_t kMaxProbeJsonBytes = 1 << 20;
inline constexpr int kMaxVideoDimension = 16384;
inline constexpr double kMaxDurationSeconds = 7 * 24 * 3600.0;

struct VideoStream {
  int stream_index = 0;  // ffprobe's index in the file
  std::string codec;     // ffprobe codec_name: h264, hevc, mpeg4, vc1, ...
  std::string profile;   // "High", "Main 10", ... ("" unknown)
  int level = 0;         // ffprobe's level (H.264: 31 for 3.1; HEVC: 93 for 3.1), 0 unknown
  int bit_depth = 8;     // from pix_fmt or bits_per_raw_sample
  std::string pix_fmt;   // yuv420p, yuv420p10le, ...
  int width = 0;         // 0 unknown
  int height = 0;        // 0 unknown
};

struct AudioStream {
  int stream_index = 0;
  std::string codec;  // aac, ac3, eac3, mp3, opus, ...
  std::string profile;
  int channels = 0;  // 0 unknown
  std::string language;
  std::string title;
  bool is_default = false;
};

enum class SubtitleKind { kText, kImage, kOther };

struct SubtitleStream {
  int stream_index = 0;
  std::string codec;  // subrip, ass, mov_text, webvtt, hdmv_pgs_subtitle, dvd_subtitle, ...
  SubtitleKind kind = SubtitleKind::kOther;
  std::string language;
  std::string title;
  bool is_default = false;
};

// A font attached to the file (Matroska attachments), for the ASS renderer: the job dumps it when
// it opens the file (attachments sit in the header, or are reached by a seek to the element),
// so no font costs a read of the whole file.
struct FontAttachment {
  int stream_index = 0;
  std::size_t bytes = 0;  // as ffprobe states it (extradata_size)

  bool operator==(const FontAttachment&) const = default;
};
inline constexpr std::size_t kMaxFonts = 16;
inline constexpr std::size_t kMaxFontBytes = 32 << 20;

// What FFmpeg would not open in a file: its container, a codec, or a protocol it tried to use
// (playback/media_allow_lists.hpp).
enum class RefusalKind { kContainer, kCodec, kProtocol };

struct MediaRefusal {
  RefusalKind kind = RefusalKind::kContainer;
  std::string name;  // the demuxer, codec or protocol, as a short [A-Za-z0-9_.,-] word

  bool operator==(const MediaRefusal&) const = default;
};

[[nodiscard]] std::string_view refusal_kind_name(RefusalKind kind);
[[nodiscard]] std::optional<RefusalKind> refusal_kind_from(std::string_view name);

struct MediaProbe {
  // Set when ffprobe refused the file (its format or a codec is outside the allow-lists):
  // then nothing else is known, and the file is never converted.
  std::optional<MediaRefusal> refused;
  std::string container;             // ffprobe format_name: "matroska,webm", "avi", ...
  std::optional<double> duration;    // seconds; nullopt when unknown or absurd
  std::optional<VideoStream> video;  // the first video stream that is not a cover picture
  std::vector<AudioStream> audio;
  std::vector<SubtitleStream> subtitles;
  // TrueType/OpenType attachments of a stated size up to kMaxFontBytes, at most kMaxFonts.
  std::vector<FontAttachment> fonts;
  // What the file stated out of bounds ("video_width", "audio_channels", "stream_index").
  std::vector<std::string> out_of_range;
};

struct ProbeParse {
  std::optional<MediaProbe> probe;
  std::string error;  // why there is no probe
};

// ffprobe's JSON output. Never throws; refuses input over kMaxProbeJsonBytes.
[[nodiscard]] ProbeParse parse_ffprobe_json(std::string_view json);

// The kind of a subtitle codec: text ones can become WebVTT, image ones cannot.
[[nodiscard]] SubtitleKind subtitle_kind_of(std::string_view codec);
[[nodiscard]] std::string_view subtitle_kind_name(SubtitleKind kind);

// A probe that says only that FFmpeg refused the file.
[[nodiscard]] MediaProbe refused_probe(MediaRefusal refusal);

// The form kept in the store; probe_from_json(probe_to_json(p)) gives p back.
[[nodiscard]] std::string probe_to_json(const MediaProbe& probe);
[[nodiscard]] std::optional<MediaProbe> probe_from_json(std::string_view json);

}  // namespace tglink
