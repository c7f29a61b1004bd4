// The segment grid, the playlists tglink writes and the codec strings they carry.

#include "playback/hls_playlists.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tglink {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(SegmentGrid, CutsTheDurationIntoEqualSegments) {
  const std::optional<SegmentGrid> grid = SegmentGrid::make(10.5, ConversionMode::kTranscode);
  ASSERT_TRUE(grid);
  EXPECT_EQ(grid->count(), 3);
  EXPECT_DOUBLE_EQ(grid->length_of(0), 4);
  EXPECT_DOUBLE_EQ(grid->length_of(2), 2.5);
  EXPECT_DOUBLE_EQ(grid->start_of(2), 8);
  EXPECT_EQ(grid->segment_at(8.1), 2);
  EXPECT_EQ(grid->segment_at(99), 2);
  EXPECT_EQ(grid->segment_at(-1), 0);
  EXPECT_EQ(SegmentGrid::make(12, ConversionMode::kRemux)->count(), 2);
  EXPECT_EQ(SegmentGrid::make(12.004, ConversionMode::kRemux)->count(), 2);  // no 4 ms sliver
  EXPECT_EQ(SegmentGrid::make(0.5, ConversionMode::kRemux)->count(), 1);
}

TEST(SegmentGrid, RefusesUnknownAndAbsurdDurations) {
  EXPECT_FALSE(SegmentGrid::make(std::nullopt, ConversionMode::kRemux));
  EXPECT_FALSE(SegmentGrid::make(0.0, ConversionMode::kRemux));
  EXPECT_FALSE(SegmentGrid::make(kMaxConvertedSeconds + 1, ConversionMode::kRemux));
}

TEST(HlsPlaylists, TheMediaPlaylistIsAWholeVodPlaylist) {
  const std::string text = media_playlist(*SegmentGrid::make(10.5, ConversionMode::kTranscode));
  EXPECT_EQ(text,
            "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:0\n"
            "#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-MAP:URI=\"init.mp4\"\n"
            "#EXTINF:4.000,\n0.m4s\n#EXTINF:4.000,\n1.m4s\n#EXTINF:2.500,\n2.m4s\n"
            "#EXT-X-ENDLIST\n");
  const std::string subs = subtitle_playlist(*SegmentGrid::make(10.5, ConversionMode::kTranscode));
  EXPECT_THAT(subs, HasSubstr("#EXTINF:2.500,\n2.vtt\n#EXT-X-ENDLIST\n"));
  EXPECT_THAT(subs, Not(HasSubstr("EXT-X-MAP")));
}

TEST(HlsPlaylists, TheMasterPlaylistCarriesCodecsAndTheSubtitle) {
  MasterPlaylistFacts facts;
  facts.codecs = "avc1.640028,mp4a.40.2";
  facts.width = 1280;
  facts.height = 720;
  facts.bandwidth = 4200000;
  SubtitleStream subtitle;
  subtitle.language = "eng";
  subtitle.title = "Forced \"signs\"\n#EXT-X-ENDLIST";
  facts.subtitle = subtitle;
  const std::string text = master_playlist(facts);
  EXPECT_THAT(text, HasSubstr("CODECS=\"avc1.640028,mp4a.40.2\",RESOLUTION=1280x720,"
                              "SUBTITLES=\"subs\"\nvideo.m3u8\n"));
  EXPECT_THAT(text, HasSubstr("NAME=\"Forced  signs  #EXT-X-ENDLIST\",LANGUAGE=\"eng\""));
  // A title can't end a line or a quoted string, so it can't add tags.
  EXPECT_THAT(text, Not(HasSubstr("\n#EXT-X-ENDLIST")));
  subtitle.language = "en\"g";
  facts.subtitle = subtitle;
  EXPECT_THAT(master_playlist(facts), Not(HasSubstr("LANGUAGE")));
}

TEST(HlsPlaylists, CodecStringsFollowTheProbe) {
  VideoStream h264;
  h264.codec = "h264";
  h264.profile = "High";
  h264.level = 41;
  EXPECT_EQ(video_codec_string(h264, ConversionMode::kRemux), "avc1.640029");
  h264.profile = "Constrained Baseline";
  h264.level = 30;
  EXPECT_EQ(video_codec_string(h264, ConversionMode::kRemux), "avc1.42401E");
  EXPECT_EQ(video_codec_string(h264, ConversionMode::kTranscode), "avc1.640028");
  VideoStream hevc;
  hevc.codec = "hevc";
  hevc.profile = "Main 10";
  hevc.bit_depth = 10;
  hevc.level = 150;
  EXPECT_EQ(video_codec_string(hevc, ConversionMode::kRemux), "hvc1.2.4.L150.B0");
  AudioStream aac;
  aac.codec = "aac";
  aac.profile = "HE-AAC";
  EXPECT_EQ(audio_codec_string(aac, true), "mp4a.40.5");
  EXPECT_EQ(audio_codec_string(aac, false), "mp4a.40.2");
}

TEST(HlsPlaylists, TranscodedSizesKeepTheAspectAndAreEven) {
  EXPECT_EQ(transcoded_height(1080, 720), 720);
  EXPECT_EQ(transcoded_width(1920, 1080, 720), 1280);
  EXPECT_EQ(transcoded_height(481, 720), 480);
  EXPECT_EQ(transcoded_width(0, 0, 720), 0);
  EXPECT_EQ(transcoded_height(0, 720), 720);
}

}  // namespace
}  // namespace tglink
