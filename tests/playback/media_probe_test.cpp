// ffprobe's JSON into a MediaProbe, and what a hostile file's JSON can't do to it.

#include "playback/media_probe.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tglink {
namespace {

// Cut down from ffprobe 5.1 on an MKV with H.264, two AC-3 tracks, SRT and PGS subtitles.
constexpr std::string_view kMkv = R"({
  "streams": [
    {"index": 0, "codec_name": "h264", "profile": "High", "codec_type": "video",
     "width": 1920, "height": 1080, "pix_fmt": "yuv420p", "level": 40,
     "bits_per_raw_sample": "8", "disposition": {"default": 1, "attached_pic": 0}},
    {"index": 1, "codec_name": "ac3", "codec_type": "audio", "channels": 6,
     "disposition": {"default": 1}, "tags": {"language": "eng", "title": "Main"}},
    {"index": 2, "codec_name": "ac3", "codec_type": "audio", "channels": 2,
     "disposition": {"default": 0}, "tags": {"language": "fra", "title": "Commentaire"}},
    {"index": 3, "codec_name": "subrip", "codec_type": "subtitle", "tags": {"language": "eng"}},
    {"index": 4, "codec_name": "hdmv_pgs_subtitle", "codec_type": "subtitle"},
    {"index": 5, "codec_name": "mjpeg", "codec_type": "video", "width": 600, "height": 600,
     "disposition": {"attached_pic": 1}}
  ],
  "format": {"format_name": "matroska,webm", "duration": "5400.250000", "size": "123"}
})";

TEST(MediaProbe, ReadsContainerDurationAndEveryStream) {
  const ProbeParse parsed = parse_ffprobe_json(kMkv);
  ASSERT_TRUE(parsed.probe) << parsed.error;
  const MediaProbe& p = *parsed.probe;
  EXPECT_EQ(p.container, "matroska,webm");
  EXPECT_DOUBLE_EQ(p.duration.value_or(0), 5400.25);
  ASSERT_TRUE(p.video);
  EXPECT_EQ(p.video->codec, "h264");
  EXPECT_EQ(p.video->profile, "High");
  EXPECT_EQ(p.video->level, 40);
  EXPECT_EQ(p.video->bit_depth, 8);
  EXPECT_EQ(p.video->width, 1920);
  ASSERT_EQ(p.audio.size(), 2u);
  EXPECT_EQ(p.audio[0].stream_index, 1);
  EXPECT_TRUE(p.audio[0].is_default);
  EXPECT_EQ(p.audio[1].language, "fra");
  EXPECT_EQ(p.audio[1].title, "Commentaire");
  EXPECT_EQ(p.audio[0].channels, 6);
  ASSERT_EQ(p.subtitles.size(), 2u);
  EXPECT_EQ(p.subtitles[0].kind, SubtitleKind::kText);
  EXPECT_EQ(p.subtitles[1].kind, SubtitleKind::kImage);
  EXPECT_EQ(p.subtitles[1].stream_index, 4);
}

TEST(MediaProbe, CoverArtIsNotTheVideo) {
  const ProbeParse parsed = parse_ffprobe_json(R"({"streams": [
    {"index": 0, "codec_name": "png", "codec_type": "video", "disposition": {"attached_pic": 1}},
    {"index": 1, "codec_name": "mp3", "codec_type": "audio"}],
    "format": {"format_name": "mp3", "duration": "200"}})");
  ASSERT_TRUE(parsed.probe);
  EXPECT_FALSE(parsed.probe->video);
  EXPECT_EQ(parsed.probe->audio.size(), 1u);
}

TEST(MediaProbe, BitDepthComesFromThePixelFormat) {
  const ProbeParse parsed = parse_ffprobe_json(R"({"streams": [
    {"codec_name": "hevc", "codec_type": "video", "profile": "Main 10",
     "pix_fmt": "yuv420p10le", "level": 120}], "format": {"format_name": "matroska,webm"}})");
  ASSERT_TRUE(parsed.probe);
  EXPECT_EQ(parsed.probe->video->bit_depth, 10);
  EXPECT_FALSE(parsed.probe->duration);
}

TEST(MediaProbe, HostileNumbersBecomeUnknown) {
  const ProbeParse parsed = parse_ffprobe_json(R"({"streams": [
    {"codec_name": "h264", "codec_type": "video", "width": 99999999, "height": -5, "level": 1e300},
    {"codec_name": "aac", "codec_type": "audio", "channels": 100000}],
    "format": {"format_name": "avi", "duration": "1e308"}})");
  ASSERT_TRUE(parsed.probe);
  EXPECT_EQ(parsed.probe->video->width, 0);
  EXPECT_EQ(parsed.probe->video->height, 0);
  EXPECT_EQ(parsed.probe->video->level, 0);
  EXPECT_EQ(parsed.probe->audio[0].channels, 0);
  EXPECT_FALSE(parsed.probe->duration);
  // Unknown, but not forgotten: such a file is never converted.
  EXPECT_THAT(parsed.probe->out_of_range,
              ::testing::ElementsAre("video_width", "video_height", "audio_channels"));
  const std::optional<MediaProbe> stored = probe_from_json(probe_to_json(*parsed.probe));
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->out_of_range, parsed.probe->out_of_range);
  for (const char* duration : {"\"nan\"", "\"-3\"", "\"inf\"", "\"12abc\"", "true", "0"}) {
    const std::string json =
        std::string(R"({"format": {"format_name": "avi", "duration": )") + duration + "}}";
    const ProbeParse p = parse_ffprobe_json(json);
    ASSERT_TRUE(p.probe) << duration;
    EXPECT_FALSE(p.probe->duration) << duration;
  }
}

TEST(MediaProbe, APictureWiderThanTheLimitIsNotReadAsWidthZeroAlone) {
  const ProbeParse parsed = parse_ffprobe_json(R"({"streams": [
    {"index": 0, "codec_name": "mjpeg", "codec_type": "video", "width": 17000, "height": 480}],
    "format": {"format_name": "avi", "duration": "5"}})");
  ASSERT_TRUE(parsed.probe);
  EXPECT_THAT(parsed.probe->out_of_range, ::testing::ElementsAre("video_width"));
  const ProbeParse fine = parse_ffprobe_json(R"({"streams": [
    {"index": 0, "codec_name": "h264", "codec_type": "video", "width": 1920, "height": 1080}],
    "format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2", "duration": "5"}})");
  ASSERT_TRUE(fine.probe);
  EXPECT_TRUE(fine.probe->out_of_range.empty());
}

TEST(MediaProbe, HundredsOfTracksAreCappedAndLongTitlesCut) {
  std::string json = R"({"format": {"format_name": "matroska,webm"}, "streams": [)";
  for (int i = 0; i < 500; ++i) {
    if (i > 0) json += ",";
    json += R"({"codec_type": "audio", "codec_name": "aac", "tags": {"title": ")" +
            std::string(1000, 'x') + "\u00e9" + R"("}})";
  }
  json += "]}";
  const ProbeParse parsed = parse_ffprobe_json(json);
  ASSERT_TRUE(parsed.probe);
  EXPECT_EQ(parsed.probe->audio.size(), kMaxStreamsPerKind);
  EXPECT_EQ(parsed.probe->audio[0].title.size(), kMaxProbeText);
}

TEST(MediaProbe, TextIsCutAtACharacterBoundary) {
  std::string title(kMaxProbeText - 1, 'a');
  title += "\u00e9\u00e9";  // two bytes each: the first straddles the limit
  const ProbeParse parsed = parse_ffprobe_json(
      R"({"format": {"format_name": "x"}, "streams": [{"codec_type": "audio", "tags": {"title": ")" +
      title + R"("}}]})");
  ASSERT_TRUE(parsed.probe);
  EXPECT_EQ(parsed.probe->audio[0].title, std::string(kMaxProbeText - 1, 'a'));
}

TEST(MediaProbe, RefusesWhatIsNotAProbe) {
  for (const std::string_view bad :
       {std::string_view(""), std::string_view("[]"), std::string_view("{"),
        std::string_view("{\"streams\": 5}"), std::string_view("{}"),
        std::string_view("{\"streams\": [1, \"x\", null]}")}) {
    EXPECT_FALSE(parse_ffprobe_json(bad).probe) << bad;
  }
  EXPECT_FALSE(parse_ffprobe_json(std::string(kMaxProbeJsonBytes + 1, ' ')).probe);
  // Deep nesting is refused by the parser's own depth limit, not by a crash.
  EXPECT_FALSE(parse_ffprobe_json(std::string(100000, '[')).probe);
}

TEST(MediaProbe, TheStoredFormRoundTrips) {
  const ProbeParse parsed = parse_ffprobe_json(kMkv);
  ASSERT_TRUE(parsed.probe);
  const std::optional<MediaProbe> back = probe_from_json(probe_to_json(*parsed.probe));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->container, parsed.probe->container);
  EXPECT_EQ(back->duration, parsed.probe->duration);
  EXPECT_EQ(back->video->codec, "h264");
  EXPECT_EQ(back->video->level, 40);
  ASSERT_EQ(back->audio.size(), 2u);
  EXPECT_EQ(back->audio[1].title, "Commentaire");
  EXPECT_EQ(back->audio[1].stream_index, 2);
  ASSERT_EQ(back->subtitles.size(), 2u);
  EXPECT_EQ(back->subtitles[1].kind, SubtitleKind::kImage);
  EXPECT_FALSE(probe_from_json("not json"));
}

// Attachments as ffprobe 5.1 lists them for an MKV made with ffmpeg -attach.
constexpr std::string_view kFonts = R"({
  "streams": [
    {"index": 0, "codec_name": "h264", "codec_type": "video", "width": 640, "height": 360},
    {"index": 1, "codec_name": "ass", "codec_type": "subtitle"},
    {"index": 2, "codec_name": "ttf", "codec_type": "attachment", "extradata_size": 759720,
     "tags": {"filename": "DejaVuSans.ttf", "mimetype": "application/x-truetype-font"}},
    {"index": 3, "codec_type": "attachment", "extradata_size": 1000,
     "tags": {"filename": "Sign.OTF", "mimetype": "application/vnd.ms-opentype"}},
    {"index": 4, "codec_type": "attachment", "extradata_size": 1000,
     "tags": {"filename": "cover.jpg", "mimetype": "image/jpeg"}},
    {"index": 5, "codec_name": "ttf", "codec_type": "attachment", "extradata_size": 999999999},
    {"index": 6, "codec_name": "ttf", "codec_type": "attachment"}
  ],
  "format": {"format_name": "matroska,webm", "duration": "10"}
})";

TEST(MediaProbe, FontAttachmentsOfAStatedSizeAreKept) {
  const ProbeParse parsed = parse_ffprobe_json(kFonts);
  ASSERT_TRUE(parsed.probe) << parsed.error;
  // The picture is no font; a font over the limit or of no stated size is left out.
  EXPECT_THAT(parsed.probe->fonts,
              ::testing::ElementsAre(FontAttachment{2, 759720}, FontAttachment{3, 1000}));
  const std::optional<MediaProbe> back = probe_from_json(probe_to_json(*parsed.probe));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->fonts, parsed.probe->fonts);
}

TEST(MediaProbe, ARefusalIsStoredAndReadBack) {
  const MediaProbe refused = refused_probe(MediaRefusal{RefusalKind::kCodec, "magicyuv"});
  const std::optional<MediaProbe> back = probe_from_json(probe_to_json(refused));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->refused, refused.refused);
  EXPECT_FALSE(back->video.has_value());
  EXPECT_FALSE(probe_from_json(R"({"refused":{"kind":"rumour","name":"x"}})").has_value());
  EXPECT_FALSE(probe_from_json(probe_to_json(MediaProbe{}))->refused.has_value());
}

}  // namespace
}  // namespace tglink
