#include "playback/media_allow_lists.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace tglink {

namespace {

// ffmpeg -demuxers names. "mov" covers mp4, m4v, m4a, mov and 3gp; "matroska" covers webm;
// "asf" wmv and wma; "mpeg" the program streams of DVDs and old cameras (.mpg, .vob).
constexpr auto kDemuxers = std::to_array<std::string_view>(
    {"mov", "matroska", "webm", "avi", "asf", "flv", "mpegts", "mpeg", "ogg", "mp3", "aac", "flac",
     "wav", "aiff", "amr", "ac3", "eac3"});

struct AllowedCodec {
  std::string_view codec;     // ffprobe's codec_name
  std::string_view decoders;  // ffmpeg's decoder names for it, comma-separated
};

// Video the player copies or converts, audio it copies or turns into AAC, subtitles it turns
// into WebVTT or lists, and the cover pictures (mjpeg, png) that phones and music files carry,
// which ffprobe opens like any stream.
constexpr auto kCodecs = std::to_array<AllowedCodec>({
    {"h264", "h264"},
    {"hevc", "hevc"},
    {"av1", "libdav1d,libaom-av1,av1"},
    {"vp8", "vp8,libvpx"},
    {"vp9", "vp9,libvpx-vp9"},
    {"mpeg4", "mpeg4"},
    {"msmpeg4v1", "msmpeg4v1"},
    {"msmpeg4v2", "msmpeg4v2"},
    {"msmpeg4v3", "msmpeg4"},
    {"wmv1", "wmv1"},
    {"wmv2", "wmv2"},
    {"wmv3", "wmv3"},
    {"vc1", "vc1"},
    {"h263", "h263"},
    {"h263p", "h263p"},
    {"flv1", "flv"},
    {"mpeg1video", "mpeg1video"},
    {"mpeg2video", "mpeg2video"},
    {"theora", "theora"},
    {"mjpeg", "mjpeg"},
    {"png", "png"},
    {"aac", "aac,aac_fixed"},
    {"aac_latm", "aac_latm"},
    {"ac3", "ac3,ac3_fixed"},
    {"eac3", "eac3"},
    {"mp3", "mp3float,mp3"},
    {"mp2", "mp2float,mp2"},
    {"opus", "opus,libopus"},
    {"vorbis", "vorbis,libvorbis"},
    {"flac", "flac"},
    {"alac", "alac"},
    {"wmav1", "wmav1"},
    {"wmav2", "wmav2"},
    {"wmapro", "wmapro"},
    {"amr_nb", "amrnb"},
    {"amr_wb", "amrwb"},
    {"dts", "dca"},
    {"truehd", "truehd"},
    {"pcm_s16le", "pcm_s16le"},
    {"pcm_s16be", "pcm_s16be"},
    {"pcm_s24le", "pcm_s24le"},
    {"pcm_u8", "pcm_u8"},
    {"pcm_f32le", "pcm_f32le"},
    {"pcm_mulaw", "pcm_mulaw"},
    {"pcm_alaw", "pcm_alaw"},
    {"adpcm_ima_wav", "adpcm_ima_wav"},
    {"subrip", "subrip"},
    {"srt", "srt"},
    {"ass", "ass"},
    {"ssa", "ssa"},
    {"mov_text", "mov_text"},
    {"webvtt", "webvtt"},
    {"text", "text"},
    {"hdmv_pgs_subtitle", "pgssub"},
    {"dvd_subtitle", "dvdsub"},
    {"dvb_subtitle", "dvbsub"},
    {"pcm_s32le", "pcm_s32le"},
    {"pcm_f64le", "pcm_f64le"},
    {"pcm_s24be", "pcm_s24be"},
    {"adpcm_ms", "adpcm_ms"},
});

constexpr std::size_t kMaxRefusedName = 40;

template <typename Items>
std::string joined(const Items& items) {
  std::string out;
  for (const std::string_view item : items) {
    if (!out.empty()) out.push_back(',');
    out.append(item);
  }
  return out;
}

// A name from FFmpeg's log or a probe, as it may be shown: letters, digits and _-., only.
std::string shown_name(std::string_view text) {
  std::string out;
  for (const char c : text.substr(0, kMaxRefusedName)) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-' || c == '.' ||
        c == ',') {
      out.push_back(c);
    }
  }
  return out.empty() ? std::string("unknown") : out;
}

std::optional<MediaRefusal> codec_refusal(std::string_view codec) {
  if (codec_allowed(codec)) return std::nullopt;
  return MediaRefusal{RefusalKind::kCodec, shown_name(codec)};
}

// NAME in a line starting "[NAME @ 0x...]": the component that logged it.
std::string_view logger_before(std::string_view line) {
  if (!line.starts_with('[')) return {};
  const std::size_t end = line.find(" @ ");
  return end == std::string_view::npos ? std::string_view{} : line.substr(1, end - 1);
}

// The text between the first `open` and the next `close` after it.
std::string_view between(std::string_view line, char open, char close) {
  const std::size_t start = line.find(open);
  if (start == std::string_view::npos) return {};
  const std::size_t end = line.find(close, start + 1);
  if (end == std::string_view::npos) return {};
  return line.substr(start + 1, end - start - 1);
}

std::optional<MediaRefusal> refusal_in_line(std::string_view line) {
  if (line.find("not on whitelist") == std::string_view::npos) return std::nullopt;
  if (line.find("Format not on whitelist") != std::string_view::npos) {
    return MediaRefusal{RefusalKind::kContainer, shown_name(logger_before(line))};
  }
  if (line.find("Codec (") != std::string_view::npos) {
    return MediaRefusal{RefusalKind::kCodec, shown_name(between(line, '(', ')'))};
  }
  if (line.find("Protocol '") != std::string_view::npos) {
    return MediaRefusal{RefusalKind::kProtocol, shown_name(between(line, '\'', '\''))};
  }
  return std::nullopt;
}

}  // namespace

std::string demuxer_allow_list() { return joined(kDemuxers); }

std::string decoder_allow_list() {
  std::string out;
  for (const AllowedCodec& codec : kCodecs) {
    if (!out.empty()) out.push_back(',');
    out.append(codec.decoders);
  }
  return out;
}

bool container_allowed(std::string_view format_name) {
  // A format_name lists the demuxer's aliases; the demuxer is allowed when one of them is.
  std::size_t start = 0;
  while (start <= format_name.size()) {
    const std::size_t end = std::min(format_name.find(',', start), format_name.size());
    const std::string_view alias = format_name.substr(start, end - start);
    if (std::find(kDemuxers.begin(), kDemuxers.end(), alias) != kDemuxers.end()) return true;
    start = end + 1;
  }
  return false;
}

bool codec_allowed(std::string_view codec_name) {
  return std::any_of(kCodecs.begin(), kCodecs.end(),
                     [&](const AllowedCodec& codec) { return codec.codec == codec_name; });
}

std::optional<MediaRefusal> refusal_of(const MediaProbe& probe) {
  if (!container_allowed(probe.container)) {
    return MediaRefusal{RefusalKind::kContainer, shown_name(probe.container)};
  }
  if (probe.video) {
    if (auto refused = codec_refusal(probe.video->codec)) return refused;
  }
  for (const AudioStream& audio : probe.audio) {
    if (auto refused = codec_refusal(audio.codec)) return refused;
  }
  for (const SubtitleStream& subtitle : probe.subtitles) {
    // A stream FFmpeg has no decoder for is never opened: only a named, unlisted one counts.
    if (subtitle.codec.empty()) continue;
    if (auto refused = codec_refusal(subtitle.codec)) return refused;
  }
  return std::nullopt;
}

std::optional<MediaRefusal> refusal_in_log(std::string_view ffmpeg_stderr) {
  while (!ffmpeg_stderr.empty()) {
    const std::size_t end = std::min(ffmpeg_stderr.find('\n'), ffmpeg_stderr.size());
    if (auto refused = refusal_in_line(ffmpeg_stderr.substr(0, end))) return refused;
    ffmpeg_stderr.remove_prefix(std::min(end + 1, ffmpeg_stderr.size()));
  }
  return std::nullopt;
}

}  // namespace tglink
