// The argv of the probe and of the jobs: what they read, where they write, how they seek.

#include "playback/ffmpeg_command.hpp"

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "playback/media_allow_lists.hpp"

namespace tglink {
namespace {

using ::testing::Contains;
using ::testing::Not;

// The value after `flag` in argv ("" when absent).
std::string after(const std::vector<std::string>& argv, std::string_view flag) {
  const auto it = std::find(argv.begin(), argv.end(), flag);
  return it == argv.end() || it + 1 == argv.end() ? "" : *(it + 1);
}

// Each flag of `options` stands in argv, followed by its value.
void expect_options(const std::vector<std::string>& argv,
                    const std::vector<std::pair<std::string_view, std::string_view>>& options) {
  for (const auto& [flag, value] : options) EXPECT_EQ(after(argv, flag), value) << flag;
}

JobCommand command(ConversionMode mode) {
  MediaProbe probe;
  probe.container = "matroska,webm";
  probe.duration = 100;
  VideoStream video;
  video.stream_index = 0;
  video.codec = "hevc";
  video.width = 1920;
  video.height = 1080;
  probe.video = video;
  AudioStream first;
  first.stream_index = 1;
  first.title = "$(rm -rf /)";
  AudioStream second;
  second.stream_index = 2;
  probe.audio = {first, second};
  SubtitleStream subs;
  subs.stream_index = 3;
  subs.codec = "subrip";
  probe.subtitles = {subs};
  SessionChoice choice;
  choice.mode = mode;
  choice.audio_track = 1;
  choice.subtitle_track = 0;
  choice.max_height = 720;
  return JobCommand{"ffmpeg",
                    LoopbackSource{"http://127.0.0.1:8080/source/CAPABILITY"},
                    choice,
                    probe,
                    *SegmentGrid::make(100.0, mode),
                    "veryfast",
                    "/data/hls/job"};
}

TEST(FfmpegCommand, TheProbeReadsLittleThroughTheLoopback) {
  const std::vector<std::string> argv =
      ffprobe_argv("ffprobe", LoopbackSource{"http://127.0.0.1:1/source/C"});
  EXPECT_EQ(argv[0], "ffprobe");
  EXPECT_EQ(after(argv, "-probesize"), "2000000");
  // No header: what a demuxer could forward elsewhere must carry nothing of ours.
  EXPECT_THAT(argv, Not(Contains("-headers")));
  EXPECT_EQ(argv.back(), "http://127.0.0.1:1/source/C");
}

// The allow-lists are input options: they must come before -i, on ffprobe and ffmpeg alike.
void expect_allow_lists_before_input(const std::vector<std::string>& argv) {
  const auto input = std::find(argv.begin(), argv.end(), "-i");
  ASSERT_NE(input, argv.end());
  for (const std::string_view flag :
       {"-format_whitelist", "-codec_whitelist", "-protocol_whitelist"}) {
    const auto found = std::find(argv.begin(), argv.end(), flag);
    EXPECT_LT(found, input) << flag;
  }
  EXPECT_EQ(after(argv, "-format_whitelist"), demuxer_allow_list());
  EXPECT_EQ(after(argv, "-codec_whitelist"), decoder_allow_list());
  EXPECT_EQ(after(argv, "-protocol_whitelist"), "http,tcp");
}

TEST(FfmpegCommand, EveryRunOpensOnlyTheAllowedFormatsCodecsAndProtocols) {
  expect_allow_lists_before_input(
      ffprobe_argv("ffprobe", LoopbackSource{"http://127.0.0.1:1/source/C"}));
  expect_allow_lists_before_input(job_argv(command(ConversionMode::kTranscode), 0, 0));
  expect_allow_lists_before_input(job_argv(command(ConversionMode::kRemux), 12, 3));
}

TEST(FfmpegCommand, ATranscodeForcesAKeyframeEverySegment) {
  const std::vector<std::string> argv = job_argv(command(ConversionMode::kTranscode), 0, 0);
  expect_options(argv, {{"-c:v", "libx264"},
                        {"-force_key_frames", "expr:gte(t,n_forced*4+0.000)"},
                        {"-output_ts_offset", "1.000"},
                        {"-hls_segment_options", "movflags=+frag_discont"},
                        {"-vf", "scale=-2:720"},
                        {"-hls_time", "4"},
                        {"-start_number", "0"},
                        {"-c:a", "aac"},
                        {"-hls_segment_filename", "/data/hls/job/%d.m4s"},
                        {"-hls_flags", "temp_file"}});
  EXPECT_THAT(argv, Contains("-copyts"));
  EXPECT_THAT(argv, Not(Contains("-ss")));
  EXPECT_THAT(argv, Contains("0:2"));  // the second audio track's stream
  // The subtitle comes out of the same reading of the file.
  EXPECT_THAT(argv, Contains("0:3"));
  EXPECT_EQ(argv.back(), "/data/hls/job/subs-0.vtt");
  // Nothing of the file's own text reaches the command line.
  EXPECT_THAT(argv, Not(Contains("$(rm -rf /)")));
}

TEST(FfmpegCommand, ARestartSeeksBeforeTheInputAndNumbersFromTheSegment) {
  const std::vector<std::string> argv = job_argv(command(ConversionMode::kTranscode), 10, 3);
  const auto seek = std::find(argv.begin(), argv.end(), "-ss");
  const auto input = std::find(argv.begin(), argv.end(), "-i");
  ASSERT_NE(seek, argv.end());
  EXPECT_LT(seek, input);
  EXPECT_EQ(*(seek + 1), "40.000");
  EXPECT_EQ(after(argv, "-start_number"), "10");
  EXPECT_EQ(after(argv, "-force_key_frames"), "expr:gte(t,n_forced*4+40.000)");
  EXPECT_EQ(argv.back(), "/data/hls/job/subs-3.vtt");
}

TEST(FfmpegCommand, ARemuxCopiesTheVideoAndKeepsItsTimes) {
  const std::vector<std::string> argv = job_argv(command(ConversionMode::kRemux), 2, 1);
  expect_options(argv,
                 {{"-c:v", "copy"}, {"-tag:v", "hvc1"}, {"-ss", "12.000"}, {"-hls_time", "6"}});
  EXPECT_THAT(argv, Contains("-copyts"));
  EXPECT_THAT(argv, Not(Contains("-force_key_frames")));
}

TEST(FfmpegCommand, AnAssSubtitleIsAlsoCopiedAsItIsPerRun) {
  JobCommand job = command(ConversionMode::kRemux);
  job.probe.subtitles[0].codec = "ass";
  const std::vector<std::string> argv = job_argv(job, 3, 2);
  EXPECT_EQ(argv.back(), "/data/hls/job/subs-2.ass");
  EXPECT_EQ(after(argv, "-ignore_readorder"), "1");
  const auto ass = std::find(argv.begin(), argv.end(), "ass");
  ASSERT_NE(ass, argv.end());
  // The copy maps the chosen stream itself, and still beside the WebVTT cues.
  EXPECT_EQ(*(ass - 6), "0:3");
  EXPECT_EQ(*(ass - 4), "copy");
  EXPECT_THAT(argv, Contains("/data/hls/job/subs-2.vtt"));
}

TEST(FfmpegCommand, TheFirstRunOfAnAssJobWritesTheAttachedFontsOut) {
  JobCommand job = command(ConversionMode::kRemux);
  job.probe.fonts = {{7, 1000}, {9, 2000}};
  EXPECT_THAT(job_argv(job, 0, 0), Not(Contains("-dump_attachment:7")));  // no ASS chosen
  job.probe.subtitles[0].codec = "ass";
  const std::vector<std::string> argv = job_argv(job, 0, 0);
  EXPECT_EQ(after(argv, "-dump_attachment:7"), "/data/hls/job/font-0");
  EXPECT_EQ(after(argv, "-dump_attachment:9"), "/data/hls/job/font-1");
  // An input option: before the input.
  const auto dump = std::find(argv.begin(), argv.end(), "-dump_attachment:9");
  EXPECT_LT(dump, std::find(argv.begin(), argv.end(), "-i"));
  // Later runs find them on disk.
  EXPECT_THAT(job_argv(job, 4, 1), Not(Contains("-dump_attachment:7")));
}

TEST(FfmpegCommand, OnlyAssAndSsaAreCopiedAsScripts) {
  JobCommand job = command(ConversionMode::kRemux);
  EXPECT_THAT(job_argv(job, 0, 0), Not(Contains("/data/hls/job/subs-0.ass")));
  EXPECT_FALSE(chosen_ass_subtitle(job.choice, job.probe));
  job.probe.subtitles[0].codec = "ssa";
  EXPECT_EQ(chosen_ass_subtitle(job.choice, job.probe), std::optional<std::size_t>(0));
  job.choice.subtitle_track = std::nullopt;
  EXPECT_FALSE(chosen_ass_subtitle(job.choice, job.probe));
  EXPECT_THAT(job_argv(job, 0, 0), Not(Contains("/data/hls/job/subs-0.ass")));
  job.choice.subtitle_track = 5;  // no such track: nothing mapped
  EXPECT_FALSE(chosen_ass_subtitle(job.choice, job.probe));
}

TEST(FfmpegCommand, APictureSubtitleIsBurnedIntoATranscodeAndWritesNoCues) {
  JobCommand job = command(ConversionMode::kTranscode);
  job.probe.subtitles[0].codec = "hdmv_pgs_subtitle";
  job.probe.subtitles[0].kind = SubtitleKind::kImage;
  const std::vector<std::string> argv = job_argv(job, 0, 0);
  EXPECT_EQ(after(argv, "-filter_complex"),
            "[0:0][0:3]overlay=eof_action=pass,scale=-2:720[picture]");
  EXPECT_THAT(argv, Contains("[picture]"));
  EXPECT_THAT(argv, Not(Contains("-vf")));
  EXPECT_THAT(argv, Not(Contains("webvtt")));
  EXPECT_EQ(burned_subtitle(job.choice, job.probe), std::optional<std::size_t>(0));
  // A remux cannot burn anything (and is never asked to).
  job.choice.mode = ConversionMode::kRemux;
  EXPECT_FALSE(burned_subtitle(job.choice, job.probe));
}

TEST(FfmpegCommand, APgsSubtitleThePlayerDrawsIsCopiedAsItIsPerRun) {
  JobCommand job = command(ConversionMode::kTranscode);
  job.probe.subtitles[0].codec = "hdmv_pgs_subtitle";
  job.probe.subtitles[0].kind = SubtitleKind::kImage;
  job.choice.draw_subtitle = true;
  const std::vector<std::string> argv = job_argv(job, 3, 1);
  EXPECT_EQ(argv.back(), "/data/hls/job/subs-1.sup");
  const auto sup = std::find(argv.begin(), argv.end(), "sup");
  ASSERT_NE(sup, argv.end());
  EXPECT_EQ(*(sup - 6), "0:3");
  EXPECT_EQ(*(sup - 4), "copy");
  // Neither burned in nor written as cues.
  EXPECT_FALSE(burned_subtitle(job.choice, job.probe));
  EXPECT_THAT(argv, Not(Contains("-filter_complex")));
  EXPECT_THAT(argv, Not(Contains("webvtt")));
  EXPECT_FALSE(chosen_text_subtitle(job.choice, job.probe));
  // Only PGS is drawn by the player: VobSub never goes to a .sup.
  job.probe.subtitles[0].codec = "dvd_subtitle";
  EXPECT_FALSE(chosen_pgs_subtitle(job.choice, job.probe));
  EXPECT_THAT(job_argv(job, 0, 0), Not(Contains("/data/hls/job/subs-0.sup")));
}

TEST(FfmpegCommand, ATranscodeWithoutPictureSubtitleOnlyScales) {
  const std::vector<std::string> argv = job_argv(command(ConversionMode::kTranscode), 0, 0);
  EXPECT_EQ(after(argv, "-vf"), "scale=-2:720");
  EXPECT_THAT(argv, Not(Contains("-filter_complex")));
}

}  // namespace
}  // namespace tglink
