#include "playback/ffmpeg_command.hpp"

#include <cstdio>

#include "playback/ass_script.hpp"
#include "playback/hls_playlists.hpp"
#include "playback/media_allow_lists.hpp"
#include "playback/pgs_stream.hpp"

namespace tglink {

namespace {

std::string seconds_arg(double seconds) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", seconds);
  return buffer;
}

void add(std::vector<std::string>& argv, std::initializer_list<std::string> args) {
  argv.insert(argv.end(), args.begin(), args.end());
}

// Reading tglink's own /source: a slow Telegram download is waited for, a dropped connection
// is reopened at the same byte. Only the allowed demuxers, decoders and protocols may open
// (playback/media_allow_lists.hpp): these are input options, so they go before -i.
void add_input(std::vector<std::string>& argv) {
  add(argv, {"-format_whitelist", demuxer_allow_list(), "-codec_whitelist", decoder_allow_list(),
             "-protocol_whitelist", std::string(kProtocolAllowList)});
  add(argv, {"-probesize", std::string(kProbeSize), "-analyzeduration",
             std::string(kAnalyzeDuration), "-rw_timeout", "60000000", "-reconnect", "1",
             "-reconnect_on_network_error", "1", "-reconnect_delay_max", "5"});
}

// The picture, or with a picture subtitle chosen, the picture with the subtitle laid over it
// (ffmpeg turns PGS/VobSub into frames of the subtitle's own size, placed at the top left as
// the disc's players do), then scaled.
void add_picture(std::vector<std::string>& argv, const JobCommand& job, int height) {
  const std::string video = "[0:" + std::to_string(job.probe.video->stream_index) + "]";
  const std::string scale = "scale=-2:" + std::to_string(height);
  const std::optional<std::size_t> burned = burned_subtitle(job.choice, job.probe);
  if (!burned) {
    add(argv, {"-map", "0:" + std::to_string(job.probe.video->stream_index), "-vf", scale});
    return;
  }
  const std::string subtitle =
      "[0:" + std::to_string(job.probe.subtitles[*burned].stream_index) + "]";
  add(argv, {"-filter_complex", video + subtitle + "overlay=eof_action=pass," + scale + "[picture]",
             "-map", "[picture]"});
}

void add_video(std::vector<std::string>& argv, const JobCommand& job, double start) {
  const VideoStream& video = *job.probe.video;
  if (job.choice.mode == ConversionMode::kRemux) {
    add(argv, {"-map", "0:" + std::to_string(video.stream_index)});
    add(argv, {"-c:v", "copy"});
    if (video.codec == "hevc") add(argv, {"-tag:v", "hvc1"});  // what Safari and MSE expect
    return;
  }
  const int height = transcoded_height(video.height, job.choice.max_height);
  add_picture(argv, job, height);
  // t is the file's own time (-copyts): keyframes at start, start + L, ... are the grid's.
  const std::string keyframes = "expr:gte(t,n_forced*" +
                                std::to_string(static_cast<int>(job.grid.segment_seconds())) + "+" +
                                seconds_arg(start) + ")";
  add(argv, {"-c:v",
             "libx264",
             "-preset",
             job.preset,
             "-crf",
             "23",
             "-maxrate",
             "4M",
             "-bufsize",
             "8M",
             "-profile:v",
             "high",
             "-level:v",
             "4.0",
             "-pix_fmt",
             "yuv420p",
             "-force_key_frames",
             keyframes,
             "-sc_threshold",
             "0"});
}

void add_audio(std::vector<std::string>& argv, const JobCommand& job) {
  if (!job.choice.audio_track) return;
  const auto index = static_cast<std::size_t>(*job.choice.audio_track);
  if (index >= job.probe.audio.size()) return;
  add(argv, {"-map", "0:" + std::to_string(job.probe.audio[index].stream_index)});
  if (job.choice.copy_audio) {
    add(argv, {"-c:a", "copy"});
  } else {
    add(argv, {"-c:a", "aac", "-ac", "2", "-b:a", "160k"});
  }
}

// The file's own clock in every run (see the header), so that a restarted run's segments carry
// the times the first run's would have.
void add_timing(std::vector<std::string>& argv) {
  add(argv, {"-copyts", "-start_at_zero", "-avoid_negative_ts", "disabled"});
}

void add_hls_output(std::vector<std::string>& argv, const JobCommand& job, int start_segment) {
  add(argv, {"-output_ts_offset",
             seconds_arg(kTimestampOffset),
             "-max_muxing_queue_size",
             "2048",
             "-f",
             "hls",
             "-hls_segment_options",
             "movflags=+frag_discont",
             "-hls_time",
             std::to_string(static_cast<int>(job.grid.segment_seconds())),
             "-hls_segment_type",
             "fmp4",
             "-hls_fmp4_init_filename",
             "init.mp4",
             "-hls_flags",
             "temp_file",
             "-hls_playlist_type",
             "vod",
             "-hls_list_size",
             "0",
             "-start_number",
             std::to_string(start_segment),
             "-hls_segment_filename",
             (job.dir / "%d.m4s").string(),
             (job.dir / "ffmpeg.m3u8").string()});
}

// Cues in the file's own time (no offset: X-TIMESTAMP-MAP says where they sit).
void add_subtitle_output(std::vector<std::string>& argv, const JobCommand& job, int run) {
  if (!job.choice.subtitle_track) return;
  const auto index = static_cast<std::size_t>(*job.choice.subtitle_track);
  if (index >= job.probe.subtitles.size()) return;
  if (!chosen_text_subtitle(job.choice, job.probe)) return;  // burned in or drawn instead
  add(argv,
      {"-map", "0:" + std::to_string(job.probe.subtitles[index].stream_index), "-c:s", "webvtt"});
  // Each cue reaches the file as it is read, not when a 32 KiB buffer fills: the subtitle
  // segments are cut from it while the job runs (playback/webvtt_slices.hpp).
  add(argv,
      {"-flush_packets", "1", "-f", "webvtt", (job.dir / webvtt_run_file_name(run)).string()});
}

// An ASS/SSA subtitle is also copied as it is (styles, positions, karaoke) for the player's
// libass renderer (playback/ass_script.hpp); the WebVTT above stays for players without it.
// Events are written as they are read: after a seek the first one read is not the script's
// first, and the muxer would otherwise hold every later one back waiting for it.
void add_ass_output(std::vector<std::string>& argv, const JobCommand& job, int run) {
  const std::optional<std::size_t> index = chosen_ass_subtitle(job.choice, job.probe);
  if (!index) return;
  add(argv, {"-map", "0:" + std::to_string(job.probe.subtitles[*index].stream_index), "-c:s",
             "copy", "-flush_packets", "1", "-f", "ass", "-ignore_readorder", "1",
             (job.dir / ass_run_file_name(run)).string()});
}

// A PGS subtitle the player draws is copied as it is (playback/pgs_stream.hpp), each display set
// as it is read: the player asks for the stream again while it plays.
void add_pgs_output(std::vector<std::string>& argv, const JobCommand& job, int run) {
  const std::optional<std::size_t> index = chosen_pgs_subtitle(job.choice, job.probe);
  if (!index) return;
  add(argv,
      {"-map", "0:" + std::to_string(job.probe.subtitles[*index].stream_index), "-c:s", "copy",
       "-flush_packets", "1", "-f", "sup", (job.dir / pgs_run_file_name(run)).string()});
}

// With an ASS/SSA subtitle, the first run writes the file's fonts out as it opens the file
// (-dump_attachment is an input option, done before anything is decoded): libass draws the
// script with the fonts it was made with.
void add_font_dumps(std::vector<std::string>& argv, const JobCommand& job, int run) {
  if (run != 0 || !chosen_ass_subtitle(job.choice, job.probe)) return;
  for (std::size_t k = 0; k < job.probe.fonts.size(); ++k) {
    add(argv, {"-dump_attachment:" + std::to_string(job.probe.fonts[k].stream_index),
               (job.dir / font_file_name(k)).string()});
  }
}

// The chosen subtitle, when the probe has it.
std::optional<std::size_t> chosen_subtitle_index(const SessionChoice& choice,
                                                 const MediaProbe& probe) {
  if (!choice.subtitle_track) return std::nullopt;
  const auto index = static_cast<std::size_t>(*choice.subtitle_track);
  if (index >= probe.subtitles.size()) return std::nullopt;
  return index;
}

}  // namespace

std::optional<std::size_t> chosen_pgs_subtitle(const SessionChoice& choice,
                                               const MediaProbe& probe) {
  const std::optional<std::size_t> index = chosen_subtitle_index(choice, probe);
  if (!index || !choice.draw_subtitle || !is_pgs_codec(probe.subtitles[*index].codec)) {
    return std::nullopt;
  }
  return index;
}

std::string font_file_name(std::size_t k) { return "font-" + std::to_string(k); }

std::string pgs_run_file_name(int run) { return "subs-" + std::to_string(run) + ".sup"; }

std::string webvtt_run_file_name(int run) { return "subs-" + std::to_string(run) + ".vtt"; }

std::optional<std::size_t> chosen_text_subtitle(const SessionChoice& choice,
                                                const MediaProbe& probe) {
  const std::optional<std::size_t> index = chosen_subtitle_index(choice, probe);
  if (!index || probe.subtitles[*index].kind == SubtitleKind::kImage) return std::nullopt;
  return index;
}

std::optional<std::size_t> chosen_ass_subtitle(const SessionChoice& choice,
                                               const MediaProbe& probe) {
  if (!choice.subtitle_track) return std::nullopt;
  const auto index = static_cast<std::size_t>(*choice.subtitle_track);
  if (index >= probe.subtitles.size()) return std::nullopt;
  if (!is_ass_codec(probe.subtitles[index].codec)) return std::nullopt;
  return index;
}

std::optional<std::size_t> burned_subtitle(const SessionChoice& choice, const MediaProbe& probe) {
  if (choice.mode != ConversionMode::kTranscode || !choice.subtitle_track) return std::nullopt;
  const auto index = static_cast<std::size_t>(*choice.subtitle_track);
  if (index >= probe.subtitles.size()) return std::nullopt;
  if (probe.subtitles[index].kind != SubtitleKind::kImage || choice.draw_subtitle) {
    return std::nullopt;
  }
  return index;
}

std::string ass_run_file_name(int run) { return "subs-" + std::to_string(run) + ".ass"; }

std::vector<std::string> ffprobe_argv(const std::string& ffprobe, const LoopbackSource& source) {
  std::vector<std::string> argv{ffprobe, "-v", "error", "-hide_banner"};
  add_input(argv);
  add(argv, {"-show_format", "-show_streams", "-of", "json", "-i", source.url});
  return argv;
}

std::vector<std::string> job_argv(const JobCommand& job, int start_segment, int run) {
  const double start = job.grid.start_of(start_segment);
  std::vector<std::string> argv{job.ffmpeg, "-nostdin", "-hide_banner", "-loglevel", "error", "-y"};
  add_input(argv);
  add_font_dumps(argv, job, run);
  if (start > 0) add(argv, {"-ss", seconds_arg(start)});
  add(argv, {"-i", job.source.url, "-map_metadata", "-1", "-map_chapters", "-1"});
  if (job.probe.video) add_video(argv, job, start);
  add_audio(argv, job);
  add_timing(argv);
  add_hls_output(argv, job, start_segment);
  add_subtitle_output(argv, job, run);
  add_ass_output(argv, job, run);
  add_pgs_output(argv, job, run);
  return argv;
}

}  // namespace tglink
