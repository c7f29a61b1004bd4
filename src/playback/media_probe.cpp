#include "playback/media_probe.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <boost/json.hpp>

#include "core/json_writer.hpp"

namespace tglink {

namespace json = boost::json;

namespace {

// `text` cut to kMaxProbeText bytes without splitting a UTF-8 sequence.
std::string bounded_text(std::string_view text) {
  if (text.size() <= kMaxProbeText) return std::string(text);
  std::size_t end = kMaxProbeText;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return std::string(text.substr(0, end));
}

std::string string_field(const json::object& object, std::string_view key) {
  const json::value* found = object.if_contains(key);
  if (found == nullptr || !found->is_string()) return {};
  return bounded_text(found->get_string());
}

// ffprobe writes some numbers as strings ("duration": "12.5", "bits_per_raw_sample": "10").
std::optional<double> number_field(const json::object& object, std::string_view key) {
  const json::value* found = object.if_contains(key);
  if (found == nullptr) return std::nullopt;
  if (found->is_int64()) return static_cast<double>(found->get_int64());
  if (found->is_uint64()) return static_cast<double>(found->get_uint64());
  if (found->is_double()) return found->get_double();
  if (!found->is_string()) return std::nullopt;
  const json::string& text = found->get_string();
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// An integer in [min, max], else `fallback`.
int bounded_int(const json::object& object, std::string_view key, int min, int max, int fallback) {
  const std::optional<double> value = number_field(object, key);
  if (!value || !std::isfinite(*value) || *value < min || *value > max) return fallback;
  return static_cast<int>(*value);
}

// bounded_int, also noting `what` in `out_of_range` when the value is there but out of bounds.
int checked_int(const json::object& object, std::string_view key, int min, int max, int fallback,
                std::string_view what, std::vector<std::string>& out_of_range) {
  const bool present = object.contains(key);
  const int value = bounded_int(object, key, min, max, fallback);
  const std::optional<double> stated = number_field(object, key);
  const bool inside = stated && std::isfinite(*stated) && *stated >= min && *stated <= max;
  if (present && !inside &&
      std::find(out_of_range.begin(), out_of_range.end(), what) == out_of_range.end()) {
    out_of_range.emplace_back(what);
  }
  return value;
}

bool flag_field(const json::object& object, std::string_view group, std::string_view key) {
  const json::value* inner = object.if_contains(group);
  if (inner == nullptr || !inner->is_object()) return false;
  const json::value* flag = inner->get_object().if_contains(key);
  return flag != nullptr && flag->is_int64() && flag->get_int64() != 0;
}

std::string tag_field(const json::object& object, std::string_view key) {
  const json::value* tags = object.if_contains("tags");
  if (tags == nullptr || !tags->is_object()) return {};
  return string_field(tags->get_object(), key);
}

// 10 for yuv420p10le, 12 for yuv444p12be, ...; 0 when the name says nothing.
int depth_from_pix_fmt(std::string_view pix_fmt) {
  for (const int depth : {16, 14, 12, 10, 9}) {
    const std::string marker = "p" + std::to_string(depth);
    if (pix_fmt.find(marker) != std::string_view::npos) return depth;
  }
  return 0;
}

VideoStream video_of(const json::object& stream, int index,
                     std::vector<std::string>& out_of_range) {
  VideoStream video;
  video.stream_index = index;
  video.codec = string_field(stream, "codec_name");
  video.profile = string_field(stream, "profile");
  video.level = bounded_int(stream, "level", 0, 1000, 0);
  video.pix_fmt = string_field(stream, "pix_fmt");
  video.width = checked_int(stream, "width", 1, kMaxVideoDimension, 0, "video_width", out_of_range);
  video.height =
      checked_int(stream, "height", 1, kMaxVideoDimension, 0, "video_height", out_of_range);
  int depth = depth_from_pix_fmt(video.pix_fmt);
  if (depth == 0) depth = bounded_int(stream, "bits_per_raw_sample", 1, 16, 8);
  video.bit_depth = depth;
  return video;
}

AudioStream audio_of(const json::object& stream, int index,
                     std::vector<std::string>& out_of_range) {
  AudioStream audio;
  audio.stream_index = index;
  audio.codec = string_field(stream, "codec_name");
  audio.profile = string_field(stream, "profile");
  audio.channels = checked_int(stream, "channels", 1, 64, 0, "audio_channels", out_of_range);
  audio.language = tag_field(stream, "language");
  audio.title = tag_field(stream, "title");
  audio.is_default = flag_field(stream, "disposition", "default");
  return audio;
}

SubtitleStream subtitle_of(const json::object& stream, int index) {
  SubtitleStream subtitle;
  subtitle.stream_index = index;
  subtitle.codec = string_field(stream, "codec_name");
  subtitle.kind = subtitle_kind_of(subtitle.codec);
  subtitle.language = tag_field(stream, "language");
  subtitle.title = tag_field(stream, "title");
  subtitle.is_default = flag_field(stream, "disposition", "default");
  return subtitle;
}

std::optional<double> duration_of(const json::object& format) {
  const std::optional<double> seconds = number_field(format, "duration");
  if (!seconds || !std::isfinite(*seconds) || *seconds <= 0 || *seconds > kMaxDurationSeconds) {
    return std::nullopt;
  }
  return seconds;
}

// An attachment that is a font libass reads: by its codec (ffprobe names TrueType "ttf" and
// OpenType "otf"), its MIME type or its file name.
bool is_font_attachment(const json::object& stream) {
  const std::string codec = string_field(stream, "codec_name");
  if (codec == "ttf" || codec == "otf") return true;
  const json::value* tags = stream.if_contains("tags");
  if (tags == nullptr || !tags->is_object()) return false;
  const std::string mime = string_field(tags->get_object(), "mimetype");
  const std::string name = string_field(tags->get_object(), "filename");
  return mime.find("font") != std::string::npos || name.ends_with(".ttf") ||
         name.ends_with(".otf") || name.ends_with(".TTF") || name.ends_with(".OTF");
}

void add_font(MediaProbe& probe, const json::object& stream, int index) {
  if (probe.fonts.size() >= kMaxFonts || !is_font_attachment(stream)) return;
  const int bytes = bounded_int(stream, "extradata_size", 0, static_cast<int>(kMaxFontBytes), 0);
  if (bytes == 0) return;  // unknown or over the limit: not worth a job's disk
  probe.fonts.push_back({index, static_cast<std::size_t>(bytes)});
}

void add_stream(MediaProbe& probe, const json::object& stream, int position) {
  const int index =
      checked_int(stream, "index", 0, 1 << 20, position, "stream_index", probe.out_of_range);
  const std::string type = string_field(stream, "codec_type");
  if (type == "video") {
    // Cover art in MP3/MKV/MP4 is a one-frame "video" stream: not what the player plays.
    if (flag_field(stream, "disposition", "attached_pic") || probe.video) return;
    probe.video = video_of(stream, index, probe.out_of_range);
  } else if (type == "audio") {
    if (probe.audio.size() < kMaxStreamsPerKind) {
      probe.audio.push_back(audio_of(stream, index, probe.out_of_range));
    }
  } else if (type == "subtitle") {
    if (probe.subtitles.size() < kMaxStreamsPerKind) {
      probe.subtitles.push_back(subtitle_of(stream, index));
    }
  } else if (type == "attachment") {
    add_font(probe, stream, index);
  }
}

}  // namespace

SubtitleKind subtitle_kind_of(std::string_view codec) {
  for (const std::string_view text : {"subrip", "srt", "ass", "ssa", "mov_text", "webvtt", "text",
                                      "microdvd", "subviewer", "subviewer1", "sami", "realtext"}) {
    if (codec == text) return SubtitleKind::kText;
  }
  for (const std::string_view image :
       {"hdmv_pgs_subtitle", "dvd_subtitle", "dvb_subtitle", "xsub", "dvb_teletext"}) {
    if (codec == image) return SubtitleKind::kImage;
  }
  return SubtitleKind::kOther;
}

std::string_view subtitle_kind_name(SubtitleKind kind) {
  switch (kind) {
    case SubtitleKind::kText:
      return "text";
    case SubtitleKind::kImage:
      return "image";
    case SubtitleKind::kOther:
      break;
  }
  return "other";
}

std::string_view refusal_kind_name(RefusalKind kind) {
  switch (kind) {
    case RefusalKind::kContainer:
      return "container";
    case RefusalKind::kCodec:
      return "codec";
    case RefusalKind::kProtocol:
      break;
  }
  return "protocol";
}

std::optional<RefusalKind> refusal_kind_from(std::string_view name) {
  for (const RefusalKind kind :
       {RefusalKind::kContainer, RefusalKind::kCodec, RefusalKind::kProtocol}) {
    if (refusal_kind_name(kind) == name) return kind;
  }
  return std::nullopt;
}

MediaProbe refused_probe(MediaRefusal refusal) {
  MediaProbe probe;
  probe.refused = std::move(refusal);
  return probe;
}

ProbeParse parse_ffprobe_json(std::string_view text) {
  ProbeParse result;
  if (text.size() > kMaxProbeJsonBytes) {
    result.error = "ffprobe's output is over 1 MiB";
    return result;
  }
  boost::system::error_code ec;
  const json::value root = json::parse(text, ec);
  if (ec || !root.is_object()) {
    result.error = "ffprobe's output is not a JSON object";
    return result;
  }
  MediaProbe probe;
  if (const json::value* format = root.get_object().if_contains("format");
      format != nullptr && format->is_object()) {
    probe.container = string_field(format->get_object(), "format_name");
    probe.duration = duration_of(format->get_object());
  }
  if (const json::value* streams = root.get_object().if_contains("streams");
      streams != nullptr && streams->is_array()) {
    int position = 0;
    for (const json::value& stream : streams->get_array()) {
      if (stream.is_object()) add_stream(probe, stream.get_object(), position);
      ++position;
    }
  }
  if (probe.container.empty() && !probe.video && probe.audio.empty()) {
    result.error = "ffprobe found no container and no streams";
    return result;
  }
  result.probe = std::move(probe);
  return result;
}

// --- the stored form ------------------------------------------------------------------------

std::string probe_to_json(const MediaProbe& probe) {
  json::object root;
  if (probe.refused) {
    root["refused"] = json::object{{"kind", refusal_kind_name(probe.refused->kind)},
                                   {"name", probe.refused->name}};
  }
  root["container"] = probe.container;
  root["duration"] = probe.duration ? json::value(*probe.duration) : json::value(nullptr);
  if (probe.video) {
    const VideoStream& v = *probe.video;
    root["video"] =
        json::object{{"index", v.stream_index}, {"codec", v.codec},         {"profile", v.profile},
                     {"level", v.level},        {"bit_depth", v.bit_depth}, {"pix_fmt", v.pix_fmt},
                     {"width", v.width},        {"height", v.height}};
  }
  json::array audio;
  for (const AudioStream& a : probe.audio) {
    audio.push_back(json::object{{"index", a.stream_index},
                                 {"codec", a.codec},
                                 {"profile", a.profile},
                                 {"channels", a.channels},
                                 {"language", a.language},
                                 {"title", a.title},
                                 {"default", a.is_default}});
  }
  root["audio"] = std::move(audio);
  json::array subtitles;
  for (const SubtitleStream& s : probe.subtitles) {
    subtitles.push_back(json::object{{"index", s.stream_index},
                                     {"codec", s.codec},
                                     {"language", s.language},
                                     {"title", s.title},
                                     {"default", s.is_default}});
  }
  root["subtitles"] = std::move(subtitles);
  if (!probe.fonts.empty()) {
    json::array fonts;
    for (const FontAttachment& f : probe.fonts) {
      fonts.push_back(json::object{{"index", f.stream_index}, {"bytes", f.bytes}});
    }
    root["fonts"] = std::move(fonts);
  }
  if (!probe.out_of_range.empty()) {
    json::array stated;
    for (const std::string& what : probe.out_of_range) stated.emplace_back(what);
    root["out_of_range"] = std::move(stated);
  }
  return write_json(root);
}

namespace {

bool bool_field(const json::object& object, std::string_view key) {
  const json::value* found = object.if_contains(key);
  return found != nullptr && found->is_bool() && found->get_bool();
}

}  // namespace

std::optional<MediaProbe> probe_from_json(std::string_view text) {
  boost::system::error_code ec;
  const json::value root = json::parse(text, ec);
  if (ec || !root.is_object()) return std::nullopt;
  const json::object& object = root.get_object();
  MediaProbe probe;
  if (const json::value* refused = object.if_contains("refused"); refused && refused->is_object()) {
    const std::optional<RefusalKind> kind =
        refusal_kind_from(string_field(refused->get_object(), "kind"));
    if (!kind) return std::nullopt;
    probe.refused = MediaRefusal{*kind, string_field(refused->get_object(), "name")};
  }
  probe.container = string_field(object, "container");
  probe.duration = duration_of(object);
  if (const json::value* video = object.if_contains("video"); video && video->is_object()) {
    const json::object& v = video->get_object();
    VideoStream stream;
    stream.stream_index = bounded_int(v, "index", 0, 1 << 20, 0);
    stream.codec = string_field(v, "codec");
    stream.profile = string_field(v, "profile");
    stream.level = bounded_int(v, "level", 0, 1000, 0);
    stream.bit_depth = bounded_int(v, "bit_depth", 1, 16, 8);
    stream.pix_fmt = string_field(v, "pix_fmt");
    stream.width = bounded_int(v, "width", 0, kMaxVideoDimension, 0);
    stream.height = bounded_int(v, "height", 0, kMaxVideoDimension, 0);
    probe.video = stream;
  }
  if (const json::value* audio = object.if_contains("audio"); audio && audio->is_array()) {
    for (const json::value& item : audio->get_array()) {
      if (!item.is_object() || probe.audio.size() >= kMaxStreamsPerKind) continue;
      const json::object& a = item.get_object();
      AudioStream stream;
      stream.stream_index = bounded_int(a, "index", 0, 1 << 20, 0);
      stream.codec = string_field(a, "codec");
      stream.profile = string_field(a, "profile");
      stream.channels = bounded_int(a, "channels", 0, 64, 0);
      stream.language = string_field(a, "language");
      stream.title = string_field(a, "title");
      stream.is_default = bool_field(a, "default");
      probe.audio.push_back(std::move(stream));
    }
  }
  if (const json::value* subs = object.if_contains("subtitles"); subs && subs->is_array()) {
    for (const json::value& item : subs->get_array()) {
      if (!item.is_object() || probe.subtitles.size() >= kMaxStreamsPerKind) continue;
      const json::object& s = item.get_object();
      SubtitleStream stream;
      stream.stream_index = bounded_int(s, "index", 0, 1 << 20, 0);
      stream.codec = string_field(s, "codec");
      stream.kind = subtitle_kind_of(stream.codec);
      stream.language = string_field(s, "language");
      stream.title = string_field(s, "title");
      stream.is_default = bool_field(s, "default");
      probe.subtitles.push_back(std::move(stream));
    }
  }
  if (const json::value* fonts = object.if_contains("fonts"); fonts && fonts->is_array()) {
    for (const json::value& item : fonts->get_array()) {
      if (!item.is_object() || probe.fonts.size() >= kMaxFonts) continue;
      const json::object& f = item.get_object();
      const int bytes = bounded_int(f, "bytes", 1, static_cast<int>(kMaxFontBytes), 0);
      if (bytes > 0) {
        probe.fonts.push_back(
            {bounded_int(f, "index", 0, 1 << 20, 0), static_cast<std::size_t>(bytes)});
      }
    }
  }
  if (const json::value* stated = object.if_contains("out_of_range");
      stated && stated->is_array()) {
    for (const json::value& item : stated->get_array()) {
      if (item.is_string() && probe.out_of_range.size() < kMaxStreamsPerKind) {
        probe.out_of_range.emplace_back(bounded_text(item.get_string()));
      }
    }
  }
  return probe;
}

}  // namespace tglink
