#include "playback/playback_decision.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "playback/media_allow_lists.hpp"
#include "playback/segment_grid.hpp"

namespace tglink {

namespace {

// Over this, a "video" is hostile or absurd: no converter time is spent on it.
constexpr int kMaxConvertibleDimension = 8192;

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool ends_with_any(std::string_view name, std::initializer_list<std::string_view> suffixes) {
  const std::string lowered = lower(name);
  return std::any_of(suffixes.begin(), suffixes.end(),
                     [&](std::string_view suffix) { return lowered.ends_with(suffix); });
}

bool is_webm_codec(std::string_view codec) {
  return codec == "vp8" || codec == "vp9" || codec == "av1" || codec == "opus" ||
         codec == "vorbis" || codec == "webvtt";
}

bool all_webm_codecs(const MediaProbe& probe) {
  if (probe.video && !is_webm_codec(probe.video->codec)) return false;
  for (const AudioStream& audio : probe.audio) {
    if (!is_webm_codec(audio.codec)) return false;
  }
  return true;
}

// Video codecs hls.js and Safari take in fMP4 segments, so they can be copied.
bool goes_in_fmp4(std::string_view codec) {
  return codec == "h264" || codec == "hevc" || codec == "av1" || codec == "vp9";
}

// The audio track the viewer gets: the one asked for, else the file's default, else the first.
std::optional<int> chosen_audio(const MediaProbe& probe, const PlaybackRequest& request) {
  const int count = static_cast<int>(probe.audio.size());
  if (count == 0) return std::nullopt;
  if (request.audio_track && *request.audio_track < count) return request.audio_track;
  for (int i = 0; i < count; ++i) {
    if (probe.audio[static_cast<std::size_t>(i)].is_default) return i;
  }
  return 0;
}

std::optional<int> chosen_subtitle(const MediaProbe& probe, const PlaybackRequest& request) {
  if (!request.subtitle_track) return std::nullopt;
  const auto index = static_cast<std::size_t>(*request.subtitle_track);
  if (index >= probe.subtitles.size()) return std::nullopt;
  return request.subtitle_track;
}

// The file has picture subtitles; "subtitles_burnable": picking one burns it into a transcode.
void add_image_subtitle_reasons(PlaybackDecision& decision, bool image_subtitles,
                                bool burn_possible) {
  if (!image_subtitles) return;
  decision.reasons.push_back("image_subtitles");
  if (burn_possible) decision.reasons.push_back("subtitles_burnable");
}

bool is_image_subtitle(const MediaProbe& probe, std::optional<int> track) {
  return track && probe.subtitles[static_cast<std::size_t>(*track)].kind == SubtitleKind::kImage;
}

std::string_view subtitle_codec(const MediaProbe& probe, std::optional<int> track) {
  return probe.subtitles[static_cast<std::size_t>(*track)].codec;
}

// Picture subtitles the player cannot draw itself: shown only when burned in.
bool has_image_subtitles(const MediaProbe& probe, const ClientCapabilities& client) {
  return std::any_of(probe.subtitles.begin(), probe.subtitles.end(), [&](const SubtitleStream& s) {
    return s.kind == SubtitleKind::kImage && !client.draws_subtitle(s.codec);
  });
}

// Why the server can't convert at all, or "" when it can.
std::string conversion_blocker(const ClientCapabilities& client, const ServerPolicy& policy,
                               bool needs_transcode) {
  if (client.hls == HlsSupport::kNone) return "hls_unsupported";
  if (!policy.ffmpeg_available) return "ffmpeg_missing";
  if (policy.confinement_missing) return "converter_unconfined";
  if (policy.convert == ConvertPolicy::kOff) return "conversion_off";
  if (needs_transcode && policy.convert == ConvertPolicy::kRemuxOnly) return "conversion_off";
  if (policy.disk_low) return "disk_low";
  return {};
}

PlaybackDecision without_probe(const PlaybackRequest& request, const ServerPolicy& policy) {
  PlaybackDecision decision;
  decision.reasons.push_back(!policy.ffmpeg_available     ? "ffmpeg_missing"
                             : policy.confinement_missing ? "converter_unconfined"
                                                          : "probe_failed");
  if (request.exclude_direct) {
    decision.reasons.push_back("direct_excluded");
    return decision;
  }
  decision.method = PlaybackMethod::kDirect;
  return decision;
}

struct Judged {
  std::string container;
  std::string video_codec;  // "" without video
  std::string audio_codec;  // "" without audio
  bool video_decodable = true;
  bool container_playable = true;
  bool audio_direct = true;
};

Judged judge(const MediaProbe& probe, std::string_view file_name, const ClientCapabilities& client,
             std::optional<int> audio) {
  Judged judged;
  judged.container = container_name(probe, file_name);
  judged.container_playable = client.plays_container(judged.container);
  if (probe.video) {
    judged.video_codec = video_codec_name(*probe.video);
    judged.video_decodable = client.decodes_video(judged.video_codec);
  }
  if (audio) {
    judged.audio_codec = probe.audio[static_cast<std::size_t>(*audio)].codec;
    judged.audio_direct = client.decodes_audio(judged.audio_codec);
  }
  return judged;
}

// "container_refused:hls", "codec_refused:magicyuv": what FFmpeg is not allowed to open in it.
std::optional<std::string> refusal_reason(const MediaProbe& probe) {
  const std::optional<MediaRefusal> refused = probe.refused ? probe.refused : refusal_of(probe);
  if (!refused) return std::nullopt;
  return std::string(refusal_kind_name(refused->kind)) + "_refused:" + refused->name;
}

bool too_large(const MediaProbe& probe) {
  return probe.video && (probe.video->width > kMaxConvertibleDimension ||
                         probe.video->height > kMaxConvertibleDimension);
}

}  // namespace

std::string container_name(const MediaProbe& probe, std::string_view file_name) {
  const std::string& format = probe.container;
  if (format.starts_with("mov,mp4")) {
    if (ends_with_any(file_name, {".3gp", ".3g2", ".3gpp"})) return "3gp";
    if (ends_with_any(file_name, {".mov", ".qt"})) return "mov";
    return "mp4";
  }
  if (format.starts_with("matroska")) return all_webm_codecs(probe) ? "webm" : "mkv";
  if (format == "asf") return "wmv";
  if (format == "mpegts") return "ts";
  return format;
}

std::string video_codec_name(const VideoStream& video) {
  if (video.codec == "h264" && video.bit_depth > 8) return "h264_10bit";
  return video.codec;
}

std::string_view method_name(PlaybackMethod method) {
  switch (method) {
    case PlaybackMethod::kDirect:
      return "direct";
    case PlaybackMethod::kRemux:
      return "remux";
    case PlaybackMethod::kTranscode:
      return "transcode";
    case PlaybackMethod::kUnplayable:
      break;
  }
  return "unplayable";
}

PlaybackDecision decide_playback(const std::optional<MediaProbe>& probe, std::string_view file_name,
                                 const PlaybackRequest& request, const ServerPolicy& policy) {
  if (!probe) return without_probe(request, policy);
  PlaybackDecision decision;
  // Refused before anything else, direct play included: the notice must not promise a file
  // whose content the server would not even open.
  if (std::optional<std::string> refused = refusal_reason(*probe)) {
    decision.reasons.push_back(std::move(*refused));
    return decision;
  }
  if (!probe->video && probe->audio.empty()) {
    decision.reasons.push_back("no_streams");
    return decision;
  }
  const ClientCapabilities& client = request.client;
  decision.audio_track = chosen_audio(*probe, request);
  decision.subtitle_track = chosen_subtitle(*probe, request);
  // A picture subtitle is burned into a transcode; where none can run, it is left out.
  const bool burn_possible = conversion_blocker(client, policy, true).empty() &&
                             !too_large(*probe) &&
                             SegmentGrid::make(probe->duration, ConversionMode::kTranscode);
  // A picture subtitle the player draws itself costs no more than a text one.
  decision.subtitle_drawn = is_image_subtitle(*probe, decision.subtitle_track) &&
                            client.draws_subtitle(subtitle_codec(*probe, decision.subtitle_track));
  const bool burn = is_image_subtitle(*probe, decision.subtitle_track) && !decision.subtitle_drawn;
  if (burn && !burn_possible) decision.subtitle_track = std::nullopt;
  const Judged judged = judge(*probe, file_name, client, decision.audio_track);

  std::vector<std::string> not_direct;
  if (request.exclude_direct) not_direct.push_back("direct_excluded");
  if (!judged.container_playable) not_direct.push_back("container_unsupported:" + judged.container);
  if (!judged.video_decodable) {
    not_direct.push_back("video_codec_unsupported:" + judged.video_codec);
  }
  if (!judged.audio_direct) not_direct.push_back("audio_codec_unsupported:" + judged.audio_codec);
  if (decision.audio_track.value_or(0) != 0) not_direct.push_back("audio_track_selected");
  const bool burned = burn && decision.subtitle_track.has_value();
  if (decision.subtitle_track)
    not_direct.push_back(burned ? "subtitle_burned" : "subtitle_selected");
  const bool image_subtitles = has_image_subtitles(*probe, client);
  if (not_direct.empty()) {
    decision.method = PlaybackMethod::kDirect;
    add_image_subtitle_reasons(decision, image_subtitles, burn_possible);
    return decision;
  }

  const bool video_copyable =
      !burned && (!probe->video || (judged.video_decodable && goes_in_fmp4(judged.video_codec)));
  decision.copy_video = video_copyable && probe->video.has_value();
  decision.copy_audio = judged.audio_codec == "aac" && client.decodes_hls_audio("aac");
  // The reasons say what is converted: audio counts once it is re-encoded, for HLS too.
  decision.reasons.clear();
  for (const std::string& reason : not_direct) {
    if (reason.starts_with("audio_codec_unsupported:")) continue;
    if (reason.starts_with("video_codec_unsupported:") && video_copyable) continue;
    decision.reasons.push_back(reason);
  }
  if (!video_copyable && judged.video_decodable && !burned) {
    decision.reasons.push_back("video_codec_unsupported:" + judged.video_codec);
  }
  if (decision.audio_track && !decision.copy_audio) {
    decision.reasons.push_back("audio_codec_unsupported:" + judged.audio_codec);
  }
  add_image_subtitle_reasons(decision, image_subtitles && !burned, burn_possible);

  std::string blocker = conversion_blocker(client, policy, !video_copyable);
  if (blocker.empty() && too_large(*probe)) blocker = "video_too_large";
  if (blocker.empty() && !probe->out_of_range.empty()) {
    blocker = "value_out_of_range:" + probe->out_of_range.front();
  }
  const ConversionMode mode = video_copyable ? ConversionMode::kRemux : ConversionMode::kTranscode;
  if (blocker.empty() && !SegmentGrid::make(probe->duration, mode)) blocker = "duration_unknown";
  if (!blocker.empty()) {
    decision.reasons.push_back(blocker);
    decision.method = PlaybackMethod::kUnplayable;
    decision.copy_video = false;
    decision.copy_audio = false;
    return decision;
  }
  decision.method = video_copyable ? PlaybackMethod::kRemux : PlaybackMethod::kTranscode;
  return decision;
}

// --- the banner ----------------------------------------------------------------------------

namespace {

std::string display_codec(std::string_view codec) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 22> kNames{{
      {"h264", "H.264"},        {"h264_10bit", "10-bit H.264"},
      {"hevc", "HEVC"},         {"mpeg4", "MPEG-4 Part 2 (Xvid/DivX)"},
      {"msmpeg4v3", "DivX 3"},  {"msmpeg4v2", "MS MPEG-4"},
      {"vc1", "VC-1"},          {"wmv1", "WMV"},
      {"wmv2", "WMV"},          {"wmv3", "WMV"},
      {"h263", "H.263"},        {"mpeg2video", "MPEG-2"},
      {"mpeg1video", "MPEG-1"}, {"ac3", "AC-3"},
      {"eac3", "E-AC-3"},       {"dts", "DTS"},
      {"truehd", "TrueHD"},     {"mp3", "MP3"},
      {"wmav2", "WMA"},         {"amr_nb", "AMR"},
      {"pcm_s16le", "PCM"},     {"aac", "AAC"},
  }};
  for (const auto& [name, shown] : kNames) {
    if (name == codec) return std::string(shown);
  }
  return lower(codec).substr(0, 24);
}

std::string reason_value(const PlaybackDecision& decision, std::string_view prefix) {
  for (const std::string& reason : decision.reasons) {
    if (reason.starts_with(prefix)) return reason.substr(prefix.size());
  }
  return {};
}

bool has_reason(const PlaybackDecision& decision, std::string_view reason) {
  return std::find(decision.reasons.begin(), decision.reasons.end(), reason) !=
         decision.reasons.end();
}

std::string image_subtitle_sentence(const PlaybackDecision& decision) {
  if (has_reason(decision, "subtitle_burned")) {
    return " The picture subtitles (PGS/VobSub) are burned into the video on the server: this "
           "takes one of its converter slots, and switching them off reloads the video.";
  }
  if (!has_reason(decision, "image_subtitles")) return {};
  if (decision.method == PlaybackMethod::kUnplayable ||
      !has_reason(decision, "subtitles_burnable")) {
    return " Its picture subtitles (PGS/VobSub) show only in VLC, MX Player or mpv.";
  }
  return " Its picture subtitles (PGS/VobSub) can be burned into the video on the server: pick "
         "one under Subtitles (that converts the video).";
}

// The sentence for a file outside the allow-lists (playback/media_allow_lists.hpp).
std::string refused_sentence(const PlaybackDecision& decision) {
  const std::string container = reason_value(decision, "container_refused:");
  const std::string codec = reason_value(decision, "codec_refused:");
  const std::string protocol = reason_value(decision, "protocol_refused:");
  std::string what;
  if (!container.empty()) what = "This file's format (" + lower(container) + ")";
  if (!codec.empty()) what = "This file's " + display_codec(codec) + " format";
  if (!protocol.empty()) {
    return "This file asks the server to open other files or addresses (" + lower(protocol) +
           "), which it never does, so it can't be played in the browser: download it or open it "
           "in VLC, MX Player or mpv.";
  }
  if (what.empty()) return {};
  return what +
         " is not one the server opens, so it can't be played in the browser: download it or open "
         "it in VLC, MX Player or mpv.";
}

std::string unplayable_sentence(const PlaybackDecision& decision) {
  if (std::string refused = refused_sentence(decision); !refused.empty()) return refused;
  std::string what;
  const std::string video = reason_value(decision, "video_codec_unsupported:");
  const std::string audio = reason_value(decision, "audio_codec_unsupported:");
  const std::string container = reason_value(decision, "container_unsupported:");
  if (!video.empty()) what = display_codec(video) + " video";
  if (!audio.empty()) what += (what.empty() ? "" : " with ") + display_codec(audio) + " audio";
  if (!container.empty()) what += (what.empty() ? "" : " in ") + lower(container);
  std::string why = "the browser can't decode it";
  if (has_reason(decision, "conversion_off")) why = "conversion is off on this server";
  if (has_reason(decision, "ffmpeg_missing")) why = "this server has no converter (ffmpeg)";
  if (has_reason(decision, "hls_unsupported")) why = "this browser plays no HLS";
  if (has_reason(decision, "video_too_large")) why = "the picture is too large to convert";
  if (has_reason(decision, "disk_low")) why = "the server is short of disk space for conversions";
  if (has_reason(decision, "converter_unconfined")) {
    why = "this server's kernel cannot confine the converter, so it converts nothing";
  }
  if (std::string stated = reason_value(decision, "value_out_of_range:"); !stated.empty()) {
    std::replace(stated.begin(), stated.end(), '_', ' ');
    why = "it states an impossible " + stated + ", so it can't be converted";
  }
  if (has_reason(decision, "duration_unknown")) {
    why = "its length is unknown or over 12 hours, so it can't be converted";
  }
  if (has_reason(decision, "no_streams")) return "This file has no video or audio to play.";
  if (has_reason(decision, "probe_failed") || has_reason(decision, "direct_excluded") ||
      has_reason(decision, "converter_unconfined")) {
    if (what.empty()) what = "this file";
  }
  return "Can't play in the browser (" + (what.empty() ? std::string("this file") : what) + "; " +
         why + "). Download it or open it in VLC, MX Player or mpv.";
}

}  // namespace

std::string playback_notice(const PlaybackDecision& decision,
                            const std::optional<MediaProbe>& probe, int queue_position,
                            int max_height) {
  if (decision.method == PlaybackMethod::kUnplayable) {
    return unplayable_sentence(decision) + image_subtitle_sentence(decision);
  }
  std::string text;
  if (decision.method == PlaybackMethod::kTranscode && probe && probe->video &&
      !has_reason(decision, "subtitle_burned")) {
    text = "Video converted on the server (" + display_codec(video_codec_name(*probe->video)) +
           " → H.264, up to " + std::to_string(max_height) +
           "p); seeking far ahead takes a few seconds.";
  }
  const std::string audio = reason_value(decision, "audio_codec_unsupported:");
  if (decision.method != PlaybackMethod::kDirect && !audio.empty()) {
    text += (text.empty() ? "" : " ") + std::string("Audio converted on the server (") +
            display_codec(audio) + " → AAC).";
  }
  if (decision.method == PlaybackMethod::kRemux && text.empty()) {
    text = "Repackaged on the server for the browser (nothing re-encoded).";
  }
  if (queue_position > 0) {
    text = "Waiting for a converter: number " + std::to_string(queue_position) + " in the queue. " +
           text;
  }
  text += image_subtitle_sentence(decision);
  if (text.starts_with(' ')) text.erase(0, 1);
  return text;
}

}  // namespace tglink
