#include "playback/hls_playlists.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tglink {

namespace {

std::string seconds_text(double seconds) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", seconds);
  return buffer;
}

// An attribute's quoted-string may hold neither '"' nor a line break (RFC 8216 §4.2); a title
// from the file is someone else's text, so anything doubtful becomes a space.
std::string quoted_safe(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    out.push_back(byte < 0x20 || byte == 0x7F || c == '"' ? ' ' : c);
  }
  return out;
}

// A language tag keeps to letters, digits and '-', else it is left out.
bool plain_language(std::string_view language) {
  return !language.empty() && language.size() <= 16 &&
         std::all_of(language.begin(), language.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '-';
         });
}

std::string hex2(int value) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "%02X", std::clamp(value, 0, 255));
  return buffer;
}

std::string h264_codec_string(const VideoStream& video) {
  std::string profile = "64";
  std::string constraints = "00";
  if (video.profile == "Baseline") {
    profile = "42";
  } else if (video.profile == "Constrained Baseline") {
    profile = "42";
    constraints = "40";
  } else if (video.profile == "Main") {
    profile = "4D";
  } else if (video.profile == "High 10") {
    profile = "6E";
  } else if (video.profile.starts_with("High 4:2:2")) {
    profile = "7A";
  } else if (video.profile.starts_with("High 4:4:4")) {
    profile = "F4";
  }
  const int level = video.level > 0 ? video.level : 40;
  return "avc1." + profile + constraints + hex2(level);
}

std::string hevc_codec_string(const VideoStream& video) {
  const bool main10 = video.profile == "Main 10" || video.bit_depth > 8;
  const int level = video.level > 0 ? video.level : 120;
  return std::string(main10 ? "hvc1.2.4.L" : "hvc1.1.6.L") + std::to_string(level) + ".B0";
}

}  // namespace

std::string master_playlist(const MasterPlaylistFacts& facts) {
  std::string out = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n";
  if (facts.subtitle) {
    const SubtitleStream& s = *facts.subtitle;
    std::string name = quoted_safe(s.title.empty() ? s.language : s.title);
    if (name.empty()) name = "Subtitles";
    out += "#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subs\",NAME=\"" + name + "\"";
    if (plain_language(s.language)) out += ",LANGUAGE=\"" + s.language + "\"";
    out += ",DEFAULT=YES,AUTOSELECT=YES,FORCED=NO,URI=\"subs.m3u8\"\n";
  }
  out += "#EXT-X-STREAM-INF:BANDWIDTH=" +
         std::to_string(std::max<std::uint64_t>(facts.bandwidth, 64000));
  out += ",CODECS=\"" + facts.codecs + "\"";
  if (facts.width > 0 && facts.height > 0) {
    out += ",RESOLUTION=" + std::to_string(facts.width) + "x" + std::to_string(facts.height);
  }
  if (facts.subtitle) out += ",SUBTITLES=\"subs\"";
  out += "\nvideo.m3u8\n";
  return out;
}

namespace {

std::string playlist_head(const SegmentGrid& grid) {
  const auto target = static_cast<int>(std::ceil(grid.segment_seconds()));
  return "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:" + std::to_string(target) +
         "\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n";
}

}  // namespace

std::string media_playlist(const SegmentGrid& grid) {
  std::string out = playlist_head(grid);
  out += "#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-MAP:URI=\"init.mp4\"\n";
  for (int n = 0; n < grid.count(); ++n) {
    out += "#EXTINF:" + seconds_text(grid.length_of(n)) + ",\n" + std::to_string(n) + ".m4s\n";
  }
  out += "#EXT-X-ENDLIST\n";
  return out;
}

std::string subtitle_playlist(const SegmentGrid& grid) {
  std::string out = playlist_head(grid);
  for (int n = 0; n < grid.count(); ++n) {
    out += "#EXTINF:" + seconds_text(grid.length_of(n)) + ",\n" + std::to_string(n) + ".vtt\n";
  }
  out += "#EXT-X-ENDLIST\n";
  return out;
}

std::string video_codec_string(const VideoStream& video, ConversionMode mode) {
  if (mode == ConversionMode::kTranscode) return "avc1.640028";  // High, level 4.0
  if (video.codec == "h264") return h264_codec_string(video);
  if (video.codec == "hevc") return hevc_codec_string(video);
  if (video.codec == "av1") return video.bit_depth > 8 ? "av01.0.08M.10" : "av01.0.08M.08";
  if (video.codec == "vp9") return video.bit_depth > 8 ? "vp09.02.40.10" : "vp09.00.40.08";
  return "avc1.640028";
}

std::string audio_codec_string(const AudioStream& audio, bool copied) {
  if (!copied) return "mp4a.40.2";
  if (audio.profile == "HE-AAC") return "mp4a.40.5";
  if (audio.profile == "HE-AACv2") return "mp4a.40.29";
  return "mp4a.40.2";
}

int transcoded_height(int source_height, int max_height) {
  const int height = source_height > 0 ? std::min(source_height, max_height) : max_height;
  return std::max(2, height - height % 2);
}

int transcoded_width(int source_width, int source_height, int max_height) {
  if (source_width <= 0 || source_height <= 0) return 0;
  const int height = transcoded_height(source_height, max_height);
  const auto width =
      static_cast<int>(std::lround(static_cast<double>(source_width) * height / source_height));
  return std::max(2, width - width % 2);
}

}  // namespace tglink
