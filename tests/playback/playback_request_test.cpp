#include "playback/playback_request.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(PlaybackRequest, ReadsTheContractsFields) {
  const PlaybackRequestParse parsed = parse_playback_request(R"({
    "containers": ["mp4", "webm"], "video": ["h264", "vp9"], "audio": ["aac"],
    "hls": "mse", "hls_audio": ["aac", "opus"], "exclude_direct": true,
    "drawn_subtitles": ["hdmv_pgs_subtitle"], "audio_track": 1, "subtitle_track": null, "start": 62.5})");
  ASSERT_TRUE(parsed.request) << parsed.error;
  const PlaybackRequest& r = *parsed.request;
  EXPECT_TRUE(r.client.plays_container("webm"));
  EXPECT_FALSE(r.client.plays_container("mkv"));
  EXPECT_TRUE(r.client.decodes_video("vp9"));
  EXPECT_TRUE(r.client.decodes_hls_audio("opus"));
  EXPECT_EQ(r.client.hls, HlsSupport::kMse);
  EXPECT_TRUE(r.client.draws_subtitle("hdmv_pgs_subtitle"));
  EXPECT_FALSE(r.client.draws_subtitle("dvd_subtitle"));
  EXPECT_TRUE(r.exclude_direct);
  EXPECT_EQ(r.audio_track, 1);
  EXPECT_FALSE(r.subtitle_track);
  EXPECT_DOUBLE_EQ(r.start_seconds, 62.5);
}

TEST(PlaybackRequest, AnEmptyBodyIsAnEmptyRequest) {
  const PlaybackRequestParse parsed = parse_playback_request("  \n");
  ASSERT_TRUE(parsed.request);
  EXPECT_EQ(parsed.request->client.hls, HlsSupport::kNone);
}

TEST(PlaybackRequest, ErrorsNameTheField) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {R"({"video": "h264"})", "video must be a list"},
      {R"({"audio": [1]})", "audio must be a list"},
      {R"({"hls": "yes"})", "hls must be"},
      {R"({"audio_track": -1})", "audio_track must be"},
      {R"({"audio_track": 1.5})", "audio_track must be"},
      {R"({"subtitle_track": 5000})", "subtitle_track must be"},
      {R"({"start": -2})", "start must be"},
      {R"({"start": "10"})", "start must be"},
      {R"({"exclude_direct": 1})", "exclude_direct must be"},
      {R"({"colour": "blue"})", "unknown field colour"},
      {R"([1, 2])", "must be a JSON object"},
      {R"({"video": [)", "must be a JSON object"},
  };
  for (const auto& [body, message] : cases) {
    const PlaybackRequestParse parsed = parse_playback_request(body);
    EXPECT_FALSE(parsed.request) << body;
    EXPECT_NE(parsed.error.find(message), std::string::npos) << body << " -> " << parsed.error;
  }
  std::string many = R"({"containers": [)";
  for (int i = 0; i < 65; ++i) many += std::string(i > 0 ? "," : "") + "\"mp4\"";
  EXPECT_FALSE(parse_playback_request(many + "]}").request);
}

}  // namespace
}  // namespace tglink
