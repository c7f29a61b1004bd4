// End to end: tglink on the simulator probes an MKV (H.264, two AC-3 tracks, an SRT)
// and an HEVC MP4 through its own loopback /stream, decides for a Chromium-like browser, and
// serves HLS that ffprobe checks: init + segment decode, segments start on a keyframe at their
// grid time, video as expected (copied H.264 / transcoded H.264), audio AAC; the second audio
// track and the subtitle come from new sessions. Files are tiny (160x120, 8 s): about 10 s.

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <boost/json.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "e2e/playback_calls.hpp"
#include "e2e/streaming_support.hpp"
#include "support/ffmpeg_media.hpp"
#include "support/get_when_ready.hpp"
#include "support/http_client.hpp"
#include "support/pgs_sup.hpp"
#include "support/required_tool.hpp"

namespace tglink {
namespace {

namespace json = boost::json;
using testing::get_when_ready;
using ::testing::HasSubstr;
using testing::HttpCall;
using testing::HttpResult;
using testing::make_media;
using testing::post_playback;
using testing::PostedFile;
using testing::run_command;
using testing::SimHarness;

// H.264 with a keyframe every 2 s, AC-3 at 440 Hz (English) and 880 Hz (French), and an SRT.
std::filesystem::path make_mkv(const SimHarness& harness) {
  const std::filesystem::path srt = harness.dir() / "subs.srt";
  std::ofstream(srt) << "1\n00:00:01,000 --> 00:00:03,000\nHello from the subtitle\n\n"
                        "2\n00:00:07,000 --> 00:00:07,900\nLast words\n";
  return make_media(
      harness.dir(), "film.mkv",
      "-f lavfi -i testsrc2=size=160x120:rate=24:duration=8 -f lavfi -i sine=frequency=440:"
      "duration=8 -f lavfi -i sine=frequency=880:duration=8 -i " +
          srt.string() +
          " -map 0 -map 1 -map 2 -map 3 -c:v libx264 -preset ultrafast -pix_fmt yuv420p -g 48 "
          "-c:a ac3 -b:a 64k -c:s srt -metadata:s:a:0 language=eng -metadata:s:a:1 language=fra "
          "-metadata:s:a:1 title=Commentaire");
}

// A font Debian ships (fonts-dejavu-core), attached to an MKV.
const std::filesystem::path kFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

// The URL's folder: "/hls/T/S/master.m3u8" -> "/hls/T/S/".
std::string folder_of(const json::object& answer) {
  const std::string url(answer.at("url").as_string());
  return url.substr(0, url.rfind('/') + 1);
}

// Bytes of init and media segments this test received: what the monthly bandwidth counts.
std::uint64_t segment_bytes_received = 0;

// init.mp4 + segment n, as a player joins them, written to a file for ffprobe.
std::filesystem::path fetch_segment(const SimHarness& harness, const std::string& folder, int n) {
  const HttpResult init = get_when_ready(harness.port(), folder + "init.mp4");
  const HttpResult segment = get_when_ready(harness.port(), folder + std::to_string(n) + ".m4s");
  segment_bytes_received += init.body.size() + segment.body.size();
  if (init.status != 200 || segment.status != 200) {
    throw std::runtime_error("segment " + std::to_string(n) + ": " + std::to_string(init.status) +
                             "/" + std::to_string(segment.status) + " " + segment.body);
  }
  const std::filesystem::path path = harness.dir() / ("joined" + std::to_string(n) + ".mp4");
  std::ofstream(path, std::ios::binary) << init.body << segment.body;
  return path;
}

std::string probe(const std::filesystem::path& file, const std::string& what) {
  return run_command("ffprobe -v error " + what + " -of csv=p=0 " + file.string()).output;
}

// Segment times are the file's own plus this (playback/ffmpeg_command.hpp, kTimestampOffset).
constexpr double kOffset = 1.0;

struct FirstFrame {
  bool key = false;
  double seconds = -1;
};

// The first video frame of a joined segment: whether it is a keyframe, and its time.
FirstFrame first_video_frame(const std::filesystem::path& file) {
  const std::string line =
      probe(file, "-select_streams v -read_intervals %+#1 -show_entries frame=key_frame,pts_time");
  FirstFrame frame;
  const std::size_t comma = line.find(',');
  if (comma == std::string::npos) return frame;
  frame.key = line.substr(0, comma) == "1";
  frame.seconds = std::atof(line.c_str() + comma + 1);
  return frame;
}

TEST(PlaybackEndToEnd, AnMkvWithAc3IsRemuxedWithAacAndItsTracksAndSubtitleOffered) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  SimHarness harness;
  const PostedFile file = testing::post_file(harness, make_mkv(harness), "video/x-matroska");
  segment_bytes_received = 0;

  const json::object answer = post_playback(harness, file.token);
  EXPECT_EQ(answer.at("method").as_string(), "remux");
  EXPECT_EQ(answer.at("reasons").as_array(), json::array{"audio_codec_unsupported:ac3"});
  EXPECT_THAT(std::string(answer.at("notice").as_string()), HasSubstr("AC-3 → AAC"));
  EXPECT_NEAR(answer.at("duration").as_double(), 8.0, 0.2);
  ASSERT_EQ(answer.at("audio").as_array().size(), 2u);
  EXPECT_EQ(answer.at("audio").as_array()[1].as_object().at("title").as_string(), "Commentaire");
  ASSERT_EQ(answer.at("subtitles").as_array().size(), 1u);
  EXPECT_EQ(answer.at("subtitles").as_array()[0].as_object().at("kind").as_string(), "text");
  EXPECT_EQ(answer.at("stream_url").as_string(), "/stream/" + file.token);

  const std::string folder = folder_of(answer);
  const HttpResult master = get_when_ready(harness.port(), folder + "master.m3u8");
  EXPECT_EQ(master.status, 200);
  EXPECT_THAT(master.body, HasSubstr("CODECS=\"avc1.42"));  // Constrained Baseline, copied
  EXPECT_THAT(master.body, HasSubstr("mp4a.40.2"));
  const HttpResult playlist = get_when_ready(harness.port(), folder + "video.m3u8");
  EXPECT_THAT(playlist.body, HasSubstr("#EXTINF:6.000,\n0.m4s\n#EXTINF:2.0"));

  const std::filesystem::path first = fetch_segment(harness, folder, 0);
  EXPECT_EQ(probe(first, "-show_entries stream=codec_name"), "h264\naac\n");
  EXPECT_TRUE(first_video_frame(first).key);
  EXPECT_NEAR(first_video_frame(first).seconds, kOffset, 0.05);
  EXPECT_EQ(probe(first, "-select_streams a -show_entries stream=channels"), "2\n");
  const std::filesystem::path second = fetch_segment(harness, folder, 1);
  // A copied video can only start on a source keyframe (every 2 s), at or after 6 s.
  EXPECT_TRUE(first_video_frame(second).key);
  EXPECT_NEAR(first_video_frame(second).seconds, 6.0 + kOffset, 0.05);

  // The French track, with the subtitle: another session, converted from where asked.
  const json::object french =
      post_playback(harness, file.token, R"(, "audio_track": 1, "subtitle_track": 0)");
  EXPECT_EQ(french.at("method").as_string(), "remux");
  EXPECT_EQ(french.at("audio_track").as_int64(), 1);
  EXPECT_NE(folder_of(french), folder);
  const std::string french_folder = folder_of(french);
  const HttpResult french_master = get_when_ready(harness.port(), french_folder + "master.m3u8");
  EXPECT_THAT(french_master.body, HasSubstr("TYPE=SUBTITLES"));
  const std::filesystem::path french_first = fetch_segment(harness, french_folder, 0);
  EXPECT_EQ(probe(french_first, "-show_entries stream=codec_name"), "h264\naac\n");
  const HttpResult cues = get_when_ready(harness.port(), french_folder + "0.vtt");
  EXPECT_EQ(cues.status, 200);
  EXPECT_THAT(cues.body, HasSubstr("Hello from the subtitle"));
  EXPECT_THAT(cues.body, ::testing::Not(HasSubstr("Last words")));
  EXPECT_THAT(get_when_ready(harness.port(), french_folder + "1.vtt").body,
              HasSubstr("Last words"));

  // Viewers' bytes count once; ffprobe's and ffmpeg's loopback reads of the whole file don't.
  const HttpResult info = testing::http_get(harness.port(), "/api/info");
  const json::object bandwidth =
      json::parse(info.body).as_object().at("bandwidth_info").as_object();
  EXPECT_EQ(bandwidth.at("used_bytes").as_int64(),
            static_cast<std::int64_t>(segment_bytes_received));

  // A forged session is refused.
  EXPECT_EQ(
      testing::http_get(harness.port(), "/hls/" + file.token + "/AAAAAAAAAAAAAAAAAAAA/video.m3u8")
          .status,
      404);
}

// A PGS track the player draws: a remux, and the track as it is (subs.sup) in the file's time.
TEST(PlaybackEndToEnd, APgsSubtitleThePlayerDrawsIsServedAsItsStream) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  SimHarness harness;
  const std::filesystem::path sup = harness.dir() / "cue.sup";
  testing::write_pgs_sup(sup, {.video_width = 160,
                               .video_height = 120,
                               .x = 10,
                               .y = 10,
                               .width = 100,
                               .height = 20,
                               .from = 1,
                               .to = 3});
  const PostedFile file = testing::post_file(
      harness,
      make_media(harness.dir(), "pictures.mkv",
                 "-f lavfi -i testsrc2=size=160x120:rate=24:duration=4 -i " + sup.string() +
                     " -map 0 -map 1 -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:s copy"),
      "video/x-matroska");
  const json::object answer = post_playback(
      harness, file.token, R"(, "drawn_subtitles": ["hdmv_pgs_subtitle"], "subtitle_track": 0)");
  EXPECT_EQ(answer.at("method").as_string(), "remux");
  const std::string folder = folder_of(answer);
  EXPECT_THAT(get_when_ready(harness.port(), folder + "master.m3u8").body,
              ::testing::Not(HasSubstr("TYPE=SUBTITLES")));
  (void)fetch_segment(harness, folder, 0);
  const HttpResult stream = get_when_ready(harness.port(), folder + "subs.sup");
  EXPECT_EQ(stream.status, 200);
  const std::filesystem::path served = harness.dir() / "served.sup";
  std::ofstream(served, std::ios::binary) << stream.body;
  // The empty start, the cue at 1 s, its clear at 3 s, in the file's own times (ffmpeg's sup
  // reader gives each segment as a packet: consecutive repeats are one display set).
  std::vector<std::string> times;
  std::istringstream lines(probe(served, "-show_entries packet=pts_time"));
  for (std::string line; std::getline(lines, line);) {
    if (times.empty() || times.back() != line) times.push_back(line);
  }
  EXPECT_THAT(times, ::testing::ElementsAre("0.000000", "1.000000", "3.000000"));
  // A player that does not draw it gets it burned in, and no stream.
  const json::object burned = post_playback(harness, file.token, R"(, "subtitle_track": 0)");
  EXPECT_EQ(burned.at("method").as_string(), "transcode");
  EXPECT_EQ(testing::http_get(harness.port(), folder_of(burned) + "subs.sup").status, 404);
}

// An ASS sign at the top: its script reaches the player as authored, beside the WebVTT copy,
// with the font attached to the file.
TEST(PlaybackEndToEnd, AnAssSubtitleIsServedAsItsScript) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  SimHarness harness;
  const std::filesystem::path script = harness.dir() / "sign.ass";
  std::ofstream(script)
      << "[Script Info]\nScriptType: v4.00+\nPlayResX: 160\nPlayResY: 120\n\n"
         "[V4+ Styles]\nFormat: Name, Fontname, Fontsize\nStyle: Sign,Arial,20\n\n"
         "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, "
         "MarginV, Effect, Text\n"
         "Dialogue: 0,0:00:01.00,0:00:03.00,Sign,,0,0,0,,{\\an8}Top sign\n";
  const PostedFile file = testing::post_file(
      harness,
      make_media(harness.dir(), "sign.mkv",
                 "-f lavfi -i testsrc2=size=160x120:rate=24:duration=4 -i " + script.string() +
                     " -map 0 -map 1 -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:s copy "
                     "-attach " +
                     kFont.string() + " -metadata:s:t mimetype=application/x-truetype-font"),
      "video/x-matroska");
  const json::object plain = post_playback(harness, file.token, R"(, "exclude_direct": true)");
  const json::object answer = post_playback(harness, file.token, R"(, "subtitle_track": 0)");
  EXPECT_EQ(answer.at("method").as_string(), "remux");
  EXPECT_EQ(answer.at("subtitles").as_array()[0].as_object().at("codec").as_string(), "ass");
  const std::string folder = folder_of(answer);
  (void)get_when_ready(harness.port(), folder + "master.m3u8");
  (void)fetch_segment(harness, folder, 0);
  const HttpResult ass = get_when_ready(harness.port(), folder + "subs.ass");
  EXPECT_EQ(ass.status, 200);
  EXPECT_THAT(ass.body, HasSubstr("PlayResX: 160"));
  EXPECT_THAT(ass.body, HasSubstr("Style: Sign,Arial,20"));
  EXPECT_THAT(ass.body, HasSubstr(",Sign,,0,0,0,,{\\an8}Top sign\n"));
  EXPECT_THAT(get_when_ready(harness.port(), folder + "0.vtt").body, HasSubstr("Top sign"));
  // The attached font, byte for byte, beside the script; nothing past it.
  EXPECT_EQ(answer.at("fonts").as_int64(), 1);
  const HttpResult font = get_when_ready(harness.port(), folder + "font-0");
  EXPECT_EQ(font.status, 200);
  std::ifstream font_file(kFont, std::ios::binary);
  const std::string font_bytes((std::istreambuf_iterator<char>(font_file)),
                               std::istreambuf_iterator<char>());
  EXPECT_TRUE(font.body == font_bytes) << font.body.size() << " bytes";
  // Served from its file like /dl: a range, and a 304 for the ETag it was given.
  HttpCall range;
  range.target = folder + "font-0";
  range.headers["Range"] = "bytes=10-19";
  const HttpResult part = testing::http_call(harness.port(), range);
  EXPECT_EQ(part.status, 206);
  EXPECT_EQ(part.body, font_bytes.substr(10, 10));
  HttpCall again;
  again.target = folder + "font-0";
  again.headers["If-None-Match"] = font.header("etag");
  EXPECT_FALSE(font.header("etag").empty());
  EXPECT_EQ(testing::http_call(harness.port(), again).status, 304);
  EXPECT_EQ(testing::http_get(harness.port(), folder + "font-1").status, 404);
  EXPECT_EQ(testing::http_get(harness.port(), folder_of(plain) + "font-0").status, 404);
  // Without a subtitle, or with a forged session, there is no script.
  EXPECT_EQ(testing::http_get(harness.port(), folder_of(plain) + "subs.ass").status, 404);
  EXPECT_EQ(
      testing::http_get(harness.port(), "/hls/" + file.token + "/AAAAAAAAAAAAAAAAAAAA/subs.ass")
          .status,
      404);
}

TEST(PlaybackEndToEnd, HevcIsTranscodedToH264WithAKeyframeAtEverySegment) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  SimHarness harness;
  const std::filesystem::path hevc = make_media(
      harness.dir(), "clip.mp4",
      "-f lavfi -i testsrc2=size=160x120:rate=24:duration=9 -f lavfi -i sine=duration=9 "
      "-c:v libx265 -preset ultrafast -x265-params log-level=error -tag:v hvc1 -c:a aac");
  const PostedFile file = testing::post_file(harness, hevc, "video/mp4", "video");
  const json::object answer = post_playback(harness, file.token, R"(, "start": 5)");
  EXPECT_EQ(answer.at("method").as_string(), "transcode");
  EXPECT_EQ(answer.at("reasons").as_array(), json::array{"video_codec_unsupported:hevc"});
  EXPECT_EQ(answer.at("queue_position").as_int64(), 0);
  const std::string folder = folder_of(answer);
  EXPECT_THAT(get_when_ready(harness.port(), folder + "master.m3u8").body,
              HasSubstr("avc1.640028"));
  // The job started at segment 1 (5 s is in [4, 8)); segment 0 comes from a restart.
  for (const int n : {1, 0, 2}) {
    const std::filesystem::path segment = fetch_segment(harness, folder, n);
    EXPECT_EQ(probe(segment, "-show_entries stream=codec_name"), "h264\naac\n") << n;
    const FirstFrame frame = first_video_frame(segment);
    EXPECT_TRUE(frame.key) << n;
    EXPECT_NEAR(frame.seconds, 4.0 * n + kOffset, 0.05) << n;
  }
}

TEST(PlaybackEndToEnd, WithConversionOffTheApiStillAnswers) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  testing::SimHarnessOptions options;
  options.env["PLAYER_CONVERT"] = "off";
  SimHarness harness(options);
  const PostedFile file = testing::post_file(harness, make_mkv(harness), "video/x-matroska");
  const json::object answer = post_playback(harness, file.token);
  EXPECT_EQ(answer.at("method").as_string(), "unplayable");
  EXPECT_FALSE(answer.contains("url"));
  EXPECT_THAT(std::string(answer.at("notice").as_string()), HasSubstr("conversion is off"));
  HttpCall bad;
  bad.method = "POST";
  bad.target = "/api/playback/" + file.token;
  bad.body = R"({"hls": 5})";
  const HttpResult refused = testing::http_call(harness.port(), bad);
  EXPECT_EQ(refused.status, 400);
  EXPECT_THAT(refused.body, HasSubstr("hls must be"));
  EXPECT_EQ(testing::http_get(harness.port(), "/api/playback/" + file.token).status, 405);
}

}  // namespace
}  // namespace tglink
