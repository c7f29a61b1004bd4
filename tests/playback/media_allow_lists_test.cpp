// The demuxers, decoders and protocols FFmpeg may open, and how a refusal is recognised.

#include "playback/media_allow_lists.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tglink {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(MediaAllowLists, TheContainersOfThePlayerArePlayable) {
  for (const std::string_view format : {"mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", "avi", "asf",
                                        "flv", "mpegts", "ogg", "mp3", "aac", "flac", "wav"}) {
    EXPECT_TRUE(container_allowed(format)) << format;
  }
}

TEST(MediaAllowLists, NoContainerThatOpensOtherUrlsOrFiles) {
  for (const std::string_view format :
       {"hls", "dash", "concat", "image2", "webm_dash_manifest", "data", "tty", "lavfi", "", "m"}) {
    EXPECT_FALSE(container_allowed(format)) << format;
  }
  const std::string demuxers = "," + demuxer_allow_list() + ",";
  for (const std::string_view opener : {",hls,", ",dash,", ",concat,", ",image2,", ",sdp,"}) {
    EXPECT_THAT(demuxers, Not(HasSubstr(opener)));
  }
  EXPECT_THAT(demuxers, HasSubstr(",mov,"));
  EXPECT_THAT(demuxers, HasSubstr(",matroska,"));
}

TEST(MediaAllowLists, DecodersAreListedUnderFfmpegsNames) {
  const std::string decoders = "," + decoder_allow_list() + ",";
  // ffprobe says mp3, av1, amr_nb and dts; ffmpeg opens mp3float, libdav1d, amrnb and dca.
  for (const std::string_view decoder : {",h264,", ",hevc,", ",mp3float,", ",libdav1d,", ",amrnb,",
                                         ",dca,", ",subrip,", ",pgssub,"}) {
    EXPECT_THAT(decoders, HasSubstr(decoder));
  }
  EXPECT_THAT(decoders, Not(HasSubstr(",magicyuv,")));
  EXPECT_TRUE(codec_allowed("h264"));
  EXPECT_TRUE(codec_allowed("amr_nb"));
  EXPECT_FALSE(codec_allowed("magicyuv"));
  EXPECT_FALSE(codec_allowed(""));
  EXPECT_EQ(std::string(kProtocolAllowList), "http,tcp");
}

TEST(MediaAllowLists, AProbeIsJudgedByItsContainerThenEveryStream) {
  MediaProbe probe;
  probe.container = "matroska,webm";
  probe.video = VideoStream{};
  probe.video->codec = "h264";
  AudioStream audio;
  audio.codec = "aac";
  probe.audio = {audio};
  EXPECT_EQ(refusal_of(probe), std::nullopt);
  SubtitleStream unknown;  // no decoder at all: never opened, so not a refusal
  probe.subtitles = {unknown};
  EXPECT_EQ(refusal_of(probe), std::nullopt);
  audio.codec = "cook";
  probe.audio.push_back(audio);
  EXPECT_EQ(refusal_of(probe), (MediaRefusal{RefusalKind::kCodec, "cook"}));
  probe.container = "rm";
  EXPECT_EQ(refusal_of(probe), (MediaRefusal{RefusalKind::kContainer, "rm"}));
}

TEST(MediaAllowLists, RefusalsAreReadFromFfmpegsLog) {
  EXPECT_EQ(refusal_in_log("[hls @ 0x5560a8e1de280] Format not on whitelist 'mov,avi'\n"
                           "http://127.0.0.1:1/x: Invalid argument\n"),
            (MediaRefusal{RefusalKind::kContainer, "hls"}));
  EXPECT_EQ(refusal_in_log("Last message repeated 1 times\n[magicyuv @ 0x1] Codec (magicyuv) not "
                           "on whitelist 'h264,aac'\n"),
            (MediaRefusal{RefusalKind::kCodec, "magicyuv"}));
  EXPECT_EQ(refusal_in_log("[concat @ 0x1] Protocol 'file' not on whitelist 'http,tcp'!\n"),
            (MediaRefusal{RefusalKind::kProtocol, "file"}));
  EXPECT_EQ(refusal_in_log("Connection refused\n"), std::nullopt);
  EXPECT_EQ(refusal_in_log(""), std::nullopt);
  // A name from the log is shown to viewers: only a short plain word of it is kept.
  const std::optional<MediaRefusal> odd =
      refusal_in_log("[<b>x</b> @ 0x1] Format not on whitelist 'mov'");
  ASSERT_TRUE(odd.has_value());
  EXPECT_EQ(odd->name, "bxb");
}

}  // namespace
}  // namespace tglink
