// The decision table of docs/playback.md: the eight files that failed in Chromium,
// and what changes with the browser, the viewer's choices and the server's policy.

#include "playback/playback_decision.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tglink {
namespace {

using ::testing::ElementsAre;
using ::testing::UnorderedElementsAre;

VideoStream video(std::string codec, int depth = 8, int width = 1920, int height = 1080) {
  VideoStream v;
  v.codec = std::move(codec);
  v.bit_depth = depth;
  v.width = width;
  v.height = height;
  return v;
}

AudioStream audio(std::string codec, bool is_default = false) {
  AudioStream a;
  a.codec = std::move(codec);
  a.channels = 2;
  a.is_default = is_default;
  return a;
}

SubtitleStream subtitle(std::string codec) {
  SubtitleStream s;
  s.codec = std::move(codec);
  s.kind = subtitle_kind_of(s.codec);
  return s;
}

MediaProbe media(std::string container, std::optional<VideoStream> v, std::vector<AudioStream> a,
                 std::vector<SubtitleStream> s = {}) {
  MediaProbe probe;
  probe.container = std::move(container);
  probe.duration = 120;
  probe.video = std::move(v);
  probe.audio = std::move(a);
  probe.subtitles = std::move(s);
  return probe;
}

// Debian's Chromium as measured (notes/playback.md §0).
PlaybackRequest chromium() {
  PlaybackRequest request;
  request.client.containers = {"mp4", "webm", "mkv", "mov"};
  request.client.video = {"h264", "vp8", "vp9", "av1"};
  request.client.audio = {"aac", "mp3", "opus", "vorbis", "flac"};
  request.client.hls = HlsSupport::kMse;
  request.client.hls_audio = {"aac", "opus", "flac"};
  return request;
}

// Chromium, the viewer having picked subtitle `track` in the menu.
PlaybackRequest chromium_choosing_subtitle(int track) {
  PlaybackRequest request = chromium();
  request.subtitle_track = track;
  return request;
}

// Safari: HEVC and AC-3, no Matroska, native HLS.
PlaybackRequest safari() {
  PlaybackRequest request;
  request.client.containers = {"mp4", "mov"};
  request.client.video = {"h264", "hevc"};
  request.client.audio = {"aac", "mp3", "ac3", "eac3", "flac"};
  request.client.hls = HlsSupport::kNative;
  request.client.hls_audio = {"aac", "ac3", "eac3", "flac"};
  return request;
}

const ServerPolicy kOn{};

PlaybackDecision decide(const MediaProbe& probe, const PlaybackRequest& request,
                        std::string_view name = "film.mkv", ServerPolicy policy = kOn) {
  return decide_playback(probe, name, request, policy);
}

// `d` is `method` for `reasons` (in any order).
void expect_decided(const PlaybackDecision& d, PlaybackMethod method,
                    const std::vector<std::string>& reasons) {
  EXPECT_EQ(d.method, method);
  EXPECT_THAT(d.reasons, ::testing::UnorderedElementsAreArray(reasons));
}

// --- the eight files that failed in Chromium ---

TEST(PlaybackDecision, XvidAviWithMp3IsTranscoded) {
  const PlaybackDecision d = decide(media("avi", video("mpeg4"), {audio("mp3")}), chromium());
  EXPECT_EQ(d.method, PlaybackMethod::kTranscode);
  EXPECT_FALSE(d.copy_video);
  EXPECT_FALSE(d.copy_audio);  // MP3 does not go in fMP4 for Chromium's MSE
  EXPECT_THAT(d.reasons,
              UnorderedElementsAre("container_unsupported:avi", "video_codec_unsupported:mpeg4",
                                   "audio_codec_unsupported:mp3"));
}

TEST(PlaybackDecision, DivxAviWithAc3IsTranscoded) {
  expect_decided(decide(media("avi", video("msmpeg4v3"), {audio("ac3")}), chromium()),
                 PlaybackMethod::kTranscode,
                 {"container_unsupported:avi", "video_codec_unsupported:msmpeg4v3",
                  "audio_codec_unsupported:ac3"});
}

TEST(PlaybackDecision, WmvIsTranscoded) {
  expect_decided(decide(media("asf", video("wmv2"), {audio("wmav2")}), chromium(), "clip.wmv"),
                 PlaybackMethod::kTranscode,
                 {"container_unsupported:wmv", "video_codec_unsupported:wmv2",
                  "audio_codec_unsupported:wmav2"});
}

TEST(PlaybackDecision, HevcMp4InChromiumIsTranscodedAndItsAacCopied) {
  const PlaybackDecision d = decide(media("mov,mp4,m4a,3gp,3g2,mj2", video("hevc"), {audio("aac")}),
                                    chromium(), "film.mp4");
  EXPECT_EQ(d.method, PlaybackMethod::kTranscode);
  EXPECT_TRUE(d.copy_audio);
  EXPECT_THAT(d.reasons, ElementsAre("video_codec_unsupported:hevc"));
}

TEST(PlaybackDecision, HevcMkvWithEac3InChromiumIsTranscoded) {
  expect_decided(decide(media("matroska,webm", video("hevc", 10), {audio("eac3")}), chromium()),
                 PlaybackMethod::kTranscode,
                 {"video_codec_unsupported:hevc", "audio_codec_unsupported:eac3"});
}

TEST(PlaybackDecision, H264WithAc3InMp4IsRemuxedWithAudioConverted) {
  const PlaybackDecision d = decide(media("mov,mp4,m4a,3gp,3g2,mj2", video("h264"), {audio("ac3")}),
                                    chromium(), "film.mp4");
  EXPECT_EQ(d.method, PlaybackMethod::kRemux);
  EXPECT_TRUE(d.copy_video);
  EXPECT_FALSE(d.copy_audio);
  EXPECT_THAT(d.reasons, ElementsAre("audio_codec_unsupported:ac3"));
}

TEST(PlaybackDecision, H264WithAc3InMkvIsRemuxed) {
  expect_decided(decide(media("matroska,webm", video("h264"), {audio("ac3")}), chromium()),
                 PlaybackMethod::kRemux, {"audio_codec_unsupported:ac3"});
}

TEST(PlaybackDecision, H263In3gpIsTranscoded) {
  expect_decided(
      decide(media("mov,mp4,m4a,3gp,3g2,mj2", video("h263", 8, 176, 144), {audio("amr_nb")}),
             chromium(), "phone.3gp"),
      PlaybackMethod::kTranscode,
      {"container_unsupported:3gp", "video_codec_unsupported:h263",
       "audio_codec_unsupported:amr_nb"});
}

// --- what plays as it is ---

TEST(PlaybackDecision, H264AacMp4PlaysDirect) {
  expect_decided(decide(media("mov,mp4,m4a,3gp,3g2,mj2", video("h264"), {audio("aac")}), chromium(),
                        "film.mp4"),
                 PlaybackMethod::kDirect, {});
}

TEST(PlaybackDecision, Vp9OpusWebmPlaysDirect) {
  const MediaProbe probe = media("matroska,webm", video("vp9"), {audio("opus")});
  EXPECT_EQ(container_name(probe, "x.webm"), "webm");
  EXPECT_EQ(decide(probe, chromium()).method, PlaybackMethod::kDirect);
}

TEST(PlaybackDecision, H264AacMkvPlaysDirectWhereMatroskaPlays) {
  EXPECT_EQ(decide(media("matroska,webm", video("h264"), {audio("aac")}), chromium()).method,
            PlaybackMethod::kDirect);
}

TEST(PlaybackDecision, HevcMkvInSafariIsRemuxedNotTranscoded) {
  const PlaybackDecision d =
      decide(media("matroska,webm", video("hevc"), {audio("aac")}), safari());
  EXPECT_EQ(d.method, PlaybackMethod::kRemux);
  EXPECT_TRUE(d.copy_video);
  EXPECT_TRUE(d.copy_audio);
  EXPECT_THAT(d.reasons, ElementsAre("container_unsupported:mkv"));
}

TEST(PlaybackDecision, HevcMp4WithAacInSafariPlaysDirect) {
  EXPECT_EQ(
      decide(media("mov,mp4,m4a,3gp,3g2,mj2", video("hevc"), {audio("aac")}), safari(), "film.mp4")
          .method,
      PlaybackMethod::kDirect);
}

TEST(PlaybackDecision, TenBitH264IsTranscodedUnlessTheBrowserSaysSo) {
  const MediaProbe probe = media("matroska,webm", video("h264", 10), {audio("aac")});
  const PlaybackDecision d = decide(probe, chromium());
  EXPECT_EQ(d.method, PlaybackMethod::kTranscode);
  EXPECT_THAT(d.reasons, ElementsAre("video_codec_unsupported:h264_10bit"));
  PlaybackRequest capable = chromium();
  capable.client.video.push_back("h264_10bit");
  EXPECT_EQ(decide(probe, capable).method, PlaybackMethod::kDirect);
}

TEST(PlaybackDecision, Mpeg2AndVc1AreTranscoded) {
  EXPECT_EQ(decide(media("mpegts", video("mpeg2video"), {audio("mp2")}), chromium()).method,
            PlaybackMethod::kTranscode);
  EXPECT_EQ(decide(media("asf", video("vc1"), {audio("wmapro")}), chromium()).method,
            PlaybackMethod::kTranscode);
}

TEST(PlaybackDecision, DecodableVideoThatFmp4CannotCarryIsTranscoded) {
  // VP8 plays in WebM, but in an AVI it must be re-encoded: VP8 does not go into fMP4.
  const PlaybackDecision d = decide(media("avi", video("vp8"), {audio("mp3")}), chromium());
  EXPECT_EQ(d.method, PlaybackMethod::kTranscode);
  EXPECT_THAT(d.reasons, ::testing::Contains("video_codec_unsupported:vp8"));
}

// --- the viewer's choices ---

TEST(PlaybackDecision, ASecondAudioTrackNeedsARemux) {
  const MediaProbe probe = media("matroska,webm", video("h264"), {audio("aac"), audio("aac")});
  PlaybackRequest request = chromium();
  request.audio_track = 1;
  const PlaybackDecision d = decide(probe, request);
  EXPECT_EQ(d.method, PlaybackMethod::kRemux);
  EXPECT_EQ(d.audio_track, 1);
  EXPECT_TRUE(d.copy_audio);
  EXPECT_THAT(d.reasons, ElementsAre("audio_track_selected"));
}

TEST(PlaybackDecision, TheDefaultTrackIsChosenWhenNoneIsAsked) {
  const MediaProbe probe =
      media("matroska,webm", video("h264"), {audio("aac"), audio("ac3", true)});
  const PlaybackDecision d = decide(probe, chromium());
  EXPECT_EQ(d.audio_track, 1);
  EXPECT_EQ(d.method, PlaybackMethod::kRemux);
}

TEST(PlaybackDecision, AnAudioTrackOutOfRangeFallsBackToTheDefault) {
  PlaybackRequest request = chromium();
  request.audio_track = 7;
  const PlaybackDecision d = decide(media("matroska,webm", video("h264"), {audio("aac")}), request);
  EXPECT_EQ(d.audio_track, 0);
  EXPECT_EQ(d.method, PlaybackMethod::kDirect);
}

TEST(PlaybackDecision, ATextSubtitleNeedsARemux) {
  const MediaProbe probe =
      media("matroska,webm", video("h264"), {audio("aac")}, {subtitle("subrip")});
  const PlaybackDecision d = decide(probe, chromium_choosing_subtitle(0));
  EXPECT_EQ(d.method, PlaybackMethod::kRemux);
  EXPECT_EQ(d.subtitle_track, 0);
  EXPECT_THAT(d.reasons, ElementsAre("subtitle_selected"));
}

TEST(PlaybackDecision, APictureSubtitleIsNoticedAndOfferedForBurning) {
  const MediaProbe probe =
      media("matroska,webm", video("h264"), {audio("aac")}, {subtitle("hdmv_pgs_subtitle")});
  const PlaybackDecision d = decide(probe, chromium());
  EXPECT_EQ(d.method, PlaybackMethod::kDirect);
  EXPECT_FALSE(d.subtitle_track);
  EXPECT_THAT(d.reasons, ElementsAre("image_subtitles", "subtitles_burnable"));
  EXPECT_THAT(playback_notice(d, probe, 0, 720), ::testing::HasSubstr("pick one under Subtitles"));
}

TEST(PlaybackDecision, AChosenPictureSubtitleIsBurnedIntoATranscode) {
  const MediaProbe probe =
      media("matroska,webm", video("h264"), {audio("aac")}, {subtitle("dvd_subtitle")});
  const PlaybackDecision d = decide(probe, chromium_choosing_subtitle(0));
  EXPECT_EQ(d.method, PlaybackMethod::kTranscode);  // H.264 that could be copied: not with a burn
  EXPECT_EQ(d.subtitle_track, 0);
  EXPECT_FALSE(d.copy_video);
  EXPECT_THAT(d.reasons, ElementsAre("subtitle_burned"));
  EXPECT_THAT(playback_notice(d, probe, 0, 720), ::testing::HasSubstr("converter slots"));
}

TEST(PlaybackDecision, APgsSubtitleThePlayerDrawsIsHandedOverInACheapRemux) {
  const MediaProbe probe = media("matroska,webm", video("h264"), {audio("aac")},
                                 {subtitle("hdmv_pgs_subtitle"), subtitle("dvd_subtitle")});
  PlaybackRequest request = chromium();
  request.client.drawn_subtitles = {"hdmv_pgs_subtitle"};
  request.subtitle_track = 0;
  const PlaybackDecision d = decide(probe, request);
  EXPECT_EQ(d.method, PlaybackMethod::kRemux);
  EXPECT_TRUE(d.copy_video);
  EXPECT_TRUE(d.subtitle_drawn);
  EXPECT_EQ(d.subtitle_track, 0);
  // The VobSub track is still one only a burn shows.
  EXPECT_THAT(d.reasons, ElementsAre("subtitle_selected", "image_subtitles", "subtitles_burnable"));
  // Even where nothing can be transcoded.
  const PlaybackDecision remux_only =
      decide(probe, request, "film.mkv", ServerPolicy{.convert = ConvertPolicy::kRemuxOnly});
  EXPECT_EQ(remux_only.method, PlaybackMethod::kRemux);
  EXPECT_EQ(remux_only.subtitle_track, 0);
  // VobSub is burned in all the same.
  request.subtitle_track = 1;
  const PlaybackDecision vobsub = decide(probe, request);
  EXPECT_EQ(vobsub.method, PlaybackMethod::kTranscode);
  EXPECT_FALSE(vobsub.subtitle_drawn);
  EXPECT_THAT(vobsub.reasons, ElementsAre("subtitle_burned"));
}

TEST(PlaybackDecision, AFileWhosePictureSubtitlesThePlayerDrawsHasNoBurnNotice) {
  const MediaProbe probe =
      media("matroska,webm", video("h264"), {audio("aac")}, {subtitle("hdmv_pgs_subtitle")});
  PlaybackRequest request = chromium();
  request.client.drawn_subtitles = {"hdmv_pgs_subtitle"};
  const PlaybackDecision d = decide(probe, request);
  EXPECT_EQ(d.method, PlaybackMethod::kDirect);
  EXPECT_TRUE(d.reasons.empty());
}

TEST(PlaybackDecision, APictureSubtitleWithoutTranscodingIsLeftOut) {
  const MediaProbe probe =
      media("matroska,webm", video("h264"), {audio("aac")}, {subtitle("hdmv_pgs_subtitle")});
  const PlaybackDecision d = decide(probe, chromium_choosing_subtitle(0), "film.mkv",
                                    ServerPolicy{.convert = ConvertPolicy::kRemuxOnly});
  EXPECT_EQ(d.method, PlaybackMethod::kDirect);
  EXPECT_FALSE(d.subtitle_track);
  EXPECT_THAT(d.reasons, ElementsAre("image_subtitles"));
  EXPECT_THAT(playback_notice(d, probe, 0, 720), ::testing::HasSubstr("VLC"));
}

TEST(PlaybackDecision, ExcludingDirectPlayRemuxesAFileThatSeemedPlayable) {
  const PlaybackDecision d = decide(
      media("mov,mp4,m4a,3gp,3g2,mj2", video("h264"), {audio("aac")}),
      [] {
        PlaybackRequest r = chromium();
        r.exclude_direct = true;
        return r;
      }(),
      "film.mp4");
  EXPECT_EQ(d.method, PlaybackMethod::kRemux);
  EXPECT_THAT(d.reasons, ElementsAre("direct_excluded"));
}

// --- the server's policy and hostile or unknown files ---

TEST(PlaybackDecision, ConversionOffLeavesOnlyDirectPlay) {
  const ServerPolicy off{ConvertPolicy::kOff, true};
  const PlaybackDecision d =
      decide(media("matroska,webm", video("h264"), {audio("ac3")}), chromium(), "f.mkv", off);
  EXPECT_EQ(d.method, PlaybackMethod::kUnplayable);
  EXPECT_THAT(d.reasons, ElementsAre("audio_codec_unsupported:ac3", "conversion_off"));
  EXPECT_THAT(playback_notice(d, std::nullopt, 0, 720), ::testing::HasSubstr("conversion is off"));
  EXPECT_EQ(decide(media("matroska,webm", video("h264"), {audio("aac")}), chromium(), "f.mkv", off)
                .method,
            PlaybackMethod::kDirect);
}

TEST(PlaybackDecision, RemuxOnlyRemuxesButNeverTranscodes) {
  const ServerPolicy remux{ConvertPolicy::kRemuxOnly, true};
  EXPECT_EQ(
      decide(media("matroska,webm", video("h264"), {audio("ac3")}), chromium(), "f.mkv", remux)
          .method,
      PlaybackMethod::kRemux);
  const PlaybackDecision d =
      decide(media("matroska,webm", video("hevc"), {audio("aac")}), chromium(), "f.mkv", remux);
  EXPECT_EQ(d.method, PlaybackMethod::kUnplayable);
  EXPECT_THAT(d.reasons, ::testing::Contains("conversion_off"));
}

TEST(PlaybackDecision, WithoutFfmpegTheApiStillAnswers) {
  const ServerPolicy missing{ConvertPolicy::kOn, false};
  const PlaybackDecision d =
      decide(media("avi", video("mpeg4"), {audio("mp3")}), chromium(), "f.avi", missing);
  EXPECT_EQ(d.method, PlaybackMethod::kUnplayable);
  EXPECT_THAT(d.reasons, ::testing::Contains("ffmpeg_missing"));
  EXPECT_THAT(playback_notice(d, std::nullopt, 0, 720), ::testing::HasSubstr("Download"));
  // No probe at all (ffprobe missing): the browser may still play it.
  const PlaybackDecision unknown = decide_playback(std::nullopt, "f.mp4", chromium(), missing);
  EXPECT_EQ(unknown.method, PlaybackMethod::kDirect);
  EXPECT_THAT(unknown.reasons, ElementsAre("ffmpeg_missing"));
}

TEST(PlaybackDecision, AFailedProbeTriesDirectPlayOnce) {
  EXPECT_EQ(decide_playback(std::nullopt, "f.mkv", chromium(), kOn).method,
            PlaybackMethod::kDirect);
  PlaybackRequest again = chromium();
  again.exclude_direct = true;
  const PlaybackDecision d = decide_playback(std::nullopt, "f.mkv", again, kOn);
  EXPECT_EQ(d.method, PlaybackMethod::kUnplayable);
  EXPECT_THAT(d.reasons, ElementsAre("probe_failed", "direct_excluded"));
}

TEST(PlaybackDecision, APageWithoutHlsGetsNoConversion) {
  PlaybackRequest request = chromium();
  request.client.hls = HlsSupport::kNone;
  const PlaybackDecision d = decide(media("matroska,webm", video("h264"), {audio("ac3")}), request);
  EXPECT_EQ(d.method, PlaybackMethod::kUnplayable);
  EXPECT_THAT(d.reasons, ::testing::Contains("hls_unsupported"));
}

TEST(PlaybackDecision, AnUnknownDurationCannotBeConverted) {
  MediaProbe probe = media("avi", video("mpeg4"), {audio("mp3")});
  probe.duration.reset();
  const PlaybackDecision d = decide(probe, chromium());
  EXPECT_EQ(d.method, PlaybackMethod::kUnplayable);
  EXPECT_THAT(d.reasons, ::testing::Contains("duration_unknown"));
}

TEST(PlaybackDecision, AnAbsurdPictureIsNotConverted) {
  const PlaybackDecision d =
      decide(media("avi", video("mpeg4", 8, 16000, 16000), {audio("mp3")}), chromium());
  EXPECT_EQ(d.method, PlaybackMethod::kUnplayable);
  EXPECT_THAT(d.reasons, ::testing::Contains("video_too_large"));
}

TEST(PlaybackDecision, AValueStatedOutOfBoundsRefusesTheConversion) {
  MediaProbe wide = media("avi", video("mpeg4", 8, 0, 480), {audio("mp3")});
  wide.out_of_range = {"video_width"};
  const PlaybackDecision d = decide(wide, chromium(), "wide.avi");
  EXPECT_EQ(d.method, PlaybackMethod::kUnplayable);
  EXPECT_THAT(d.reasons, ::testing::Contains("value_out_of_range:video_width"));
  EXPECT_THAT(playback_notice(d, wide, 0, 720),
              ::testing::HasSubstr("it states an impossible video width"));
}

// Under `policy` a file that needs converting is refused for `reason`, the viewer's notice says
// `notice`, and a file the browser plays itself still plays directly.
void expect_no_conversion_but_direct_play(const ServerPolicy& policy, const std::string& reason,
                                          const std::string& notice) {
  const MediaProbe hevc = media("matroska,webm", video("hevc"), {audio("aac")});
  const PlaybackDecision d = decide(hevc, chromium(), "film.mkv", policy);
  EXPECT_EQ(d.method, PlaybackMethod::kUnplayable);
  EXPECT_THAT(d.reasons, ::testing::Contains(reason));
  EXPECT_THAT(playback_notice(d, hevc, 0, 720), ::testing::HasSubstr(notice));
  const MediaProbe plain = media("mov,mp4,m4a,3gp,3g2,mj2", video("h264"), {audio("aac")});
  EXPECT_EQ(decide(plain, chromium(), "a.mp4", policy).method, PlaybackMethod::kDirect);
}

TEST(PlaybackDecision, ShortOfDiskNothingIsConvertedButDirectPlayStays) {
  ServerPolicy low;
  low.disk_low = true;
  expect_no_conversion_but_direct_play(low, "disk_low", "short of disk space");
}

TEST(PlaybackDecision, WithoutConfinementNothingIsConvertedAndTheViewerIsToldWhy) {
  ServerPolicy unconfined;
  unconfined.confinement_missing = true;
  expect_no_conversion_but_direct_play(unconfined, "converter_unconfined", "cannot confine");
}

TEST(PlaybackDecision, AFileWithoutStreamsIsUnplayable) {
  expect_decided(decide(media("mov,mp4,m4a,3gp,3g2,mj2", std::nullopt, {}), chromium()),
                 PlaybackMethod::kUnplayable, {"no_streams"});
}

TEST(PlaybackDecision, AudioOnlyFilesFollowTheSameRules) {
  EXPECT_EQ(decide(media("flac", std::nullopt, {audio("flac")}),
                   [] {
                     PlaybackRequest r = chromium();
                     r.client.containers.push_back("flac");
                     return r;
                   }())
                .method,
            PlaybackMethod::kDirect);
  const PlaybackDecision d =
      decide(media("matroska,webm", std::nullopt, {audio("ac3")}), chromium());
  EXPECT_EQ(d.method, PlaybackMethod::kRemux);
  EXPECT_FALSE(d.copy_video);
}

TEST(PlaybackDecision, ContainerNamesFollowTheFileName) {
  const MediaProbe mp4 = media("mov,mp4,m4a,3gp,3g2,mj2", video("h264"), {audio("aac")});
  EXPECT_EQ(container_name(mp4, "a.MP4"), "mp4");
  EXPECT_EQ(container_name(mp4, "a.mov"), "mov");
  EXPECT_EQ(container_name(mp4, "a.3GP"), "3gp");
  EXPECT_EQ(container_name(media("asf", std::nullopt, {}), "x"), "wmv");
  EXPECT_EQ(container_name(media("mpegts", std::nullopt, {}), "x"), "ts");
  EXPECT_EQ(container_name(media("matroska,webm", video("h264"), {}), "x.webm"), "mkv");
}

// --- what the banner says ---

// --- files outside the allow-lists (playback/media_allow_lists.hpp) ---

TEST(PlaybackDecision, AFileFfprobeRefusedIsNeitherPlayedNorConverted) {
  const std::optional<MediaProbe> refused =
      refused_probe(MediaRefusal{RefusalKind::kContainer, "hls"});
  const PlaybackDecision d = decide_playback(refused, "movie.mp4", chromium(), kOn);
  EXPECT_EQ(d.method, PlaybackMethod::kUnplayable);
  EXPECT_THAT(d.reasons, ElementsAre("container_refused:hls"));
  EXPECT_EQ(playback_notice(d, refused, 0, 720),
            "This file's format (hls) is not one the server opens, so it can't be played in the "
            "browser: download it or open it in VLC, MX Player or mpv.");
}

TEST(PlaybackDecision, AnExoticCodecInAStoredProbeIsRefusedToo) {
  const MediaProbe magic = media("avi", video("magicyuv"), {audio("pcm_s16le")});
  const PlaybackDecision d = decide(magic, chromium(), "clip.avi");
  EXPECT_EQ(d.method, PlaybackMethod::kUnplayable);
  EXPECT_THAT(d.reasons, ElementsAre("codec_refused:magicyuv"));
  EXPECT_THAT(playback_notice(d, magic, 0, 720),
              ::testing::StartsWith("This file's magicyuv format is not one the server opens"));
  // Even where the browser would decode it, a refused file is not offered for direct play.
  PlaybackRequest everything = chromium();
  everything.client.containers.push_back("avi");
  everything.client.video.push_back("magicyuv");
  everything.client.audio.push_back("pcm_s16le");
  EXPECT_EQ(decide(magic, everything, "clip.avi").method, PlaybackMethod::kUnplayable);
}

TEST(PlaybackDecision, AFileAskingForAnotherProtocolIsRefused) {
  const std::optional<MediaProbe> refused =
      refused_probe(MediaRefusal{RefusalKind::kProtocol, "file"});
  const PlaybackDecision d = decide_playback(refused, "movie.mkv", chromium(), kOn);
  EXPECT_THAT(d.reasons, ElementsAre("protocol_refused:file"));
  EXPECT_THAT(playback_notice(d, refused, 0, 720),
              ::testing::StartsWith("This file asks the server to open other files or addresses"));
}

TEST(PlaybackNotice, SaysWhatIsConvertedAndWhereTheQueueIs) {
  const MediaProbe probe = media("matroska,webm", video("hevc"), {audio("eac3")});
  const PlaybackDecision d = decide(probe, chromium());
  const std::string notice = playback_notice(d, probe, 2, 720);
  EXPECT_THAT(notice, ::testing::HasSubstr("number 2 in the queue"));
  EXPECT_THAT(notice, ::testing::HasSubstr("HEVC → H.264, up to 720p"));
  EXPECT_THAT(notice, ::testing::HasSubstr("E-AC-3 → AAC"));
  const MediaProbe ac3 = media("matroska,webm", video("h264"), {audio("ac3")});
  EXPECT_EQ(playback_notice(decide(ac3, chromium()), ac3, 0, 720),
            "Audio converted on the server (AC-3 → AAC).");
  const MediaProbe plain = media("matroska,webm", video("h264"), {audio("aac")});
  EXPECT_EQ(playback_notice(decide(plain, chromium()), plain, 0, 720), "");
}

}  // namespace
}  // namespace tglink
