// The methods and reasons the playback API answers with are the words the player page reads:
// the server's list (playback/playback_vocabulary.hpp) equals the page's
// (web/assets/player_vocabulary.js), and every reason the decision gives is on it.

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "playback/playback_decision.hpp"
#include "playback/playback_vocabulary.hpp"
#include "support/build_paths.hpp"

namespace tglink {
namespace {

namespace fs = std::filesystem;

std::string script_text() {
  const fs::path path =
      fs::path(TGLINK_SOURCE_DIR) / "src" / "web" / "assets" / "player_vocabulary.js";
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The quoted values of `name = Object.freeze({ key: 'value', ... })` in the page's module.
std::set<std::string> frozen_values(const std::string& text, const std::string& name) {
  const std::size_t start = text.find("export const " + name + " = Object.freeze({");
  const std::size_t end = text.find("});", start);
  if (start == std::string::npos || end == std::string::npos) return {};
  const std::string block = text.substr(start, end - start);
  const std::regex value(R"(:\s*'([a-z_]+)')");
  std::set<std::string> values;
  for (std::sregex_iterator it(block.begin(), block.end(), value), done; it != done; ++it) {
    values.insert((*it)[1].str());
  }
  return values;
}

template <std::size_t N>
std::set<std::string> as_set(const std::array<std::string_view, N>& words) {
  return {words.begin(), words.end()};
}

TEST(PlayerVocabularyTest, ThePageListsTheServersMethodsAndReasons) {
  const std::string text = script_text();
  ASSERT_FALSE(text.empty()) << "player_vocabulary.js not found";
  EXPECT_EQ(frozen_values(text, "METHOD"), as_set(kPlaybackMethods));
  EXPECT_EQ(frozen_values(text, "REASON"), as_set(kPlaybackReasons));
}

TEST(PlayerVocabularyTest, EveryMethodNameIsListed) {
  for (const PlaybackMethod method : {PlaybackMethod::kDirect, PlaybackMethod::kRemux,
                                      PlaybackMethod::kTranscode, PlaybackMethod::kUnplayable}) {
    EXPECT_TRUE(as_set(kPlaybackMethods).contains(std::string(method_name(method))));
  }
}

MediaProbe probe_of(std::string container, std::string video, std::string audio,
                    bool image_subtitle = false, std::optional<double> duration = 60) {
  MediaProbe probe;
  probe.container = std::move(container);
  probe.duration = duration;
  if (!video.empty()) {
    VideoStream v;
    v.codec = std::move(video);
    v.width = 1920;
    v.height = 1080;
    v.bit_depth = 8;
    probe.video = v;
  }
  if (!audio.empty()) {
    AudioStream a;
    a.codec = std::move(audio);
    a.channels = 2;
    probe.audio = {a, a};
  }
  SubtitleStream text;
  text.codec = "subrip";
  text.kind = SubtitleKind::kText;
  probe.subtitles.push_back(text);
  if (image_subtitle) {
    SubtitleStream picture;
    picture.codec = "hdmv_pgs_subtitle";
    picture.kind = SubtitleKind::kImage;
    probe.subtitles.push_back(picture);
  }
  return probe;
}

// Decisions across files, browsers, choices and policies: every reason is of a listed kind.
TEST(PlayerVocabularyTest, EveryReasonTheDecisionGivesIsListed) {
  PlaybackRequest chromium;
  chromium.client.containers = {"mp4", "webm", "mkv", "mov"};
  chromium.client.video = {"h264", "vp9", "av1"};
  chromium.client.audio = {"aac", "opus"};
  chromium.client.hls = HlsSupport::kMse;
  chromium.client.hls_audio = {"aac"};
  PlaybackRequest bare = chromium;
  bare.client.hls = HlsSupport::kNone;
  PlaybackRequest chosen = chromium;
  chosen.audio_track = 1;
  chosen.subtitle_track = 0;
  chosen.exclude_direct = true;
  const std::vector<std::optional<MediaProbe>> probes{
      std::nullopt,
      probe_of("mov,mp4,m4a,3gp,3g2,mj2", "h264", "aac"),
      probe_of("matroska,webm", "hevc", "eac3", true),
      probe_of("avi", "mpeg4", "mp3"),
      probe_of("matroska,webm", "h264", "ac3", false, std::nullopt),
      probe_of("matroska,webm", "", ""),
  };
  ServerPolicy off;
  off.convert = ConvertPolicy::kOff;
  ServerPolicy remux_only;
  remux_only.convert = ConvertPolicy::kRemuxOnly;
  ServerPolicy missing;
  missing.ffmpeg_available = false;
  std::set<std::string> seen;
  for (const auto& probe : probes) {
    for (const PlaybackRequest& request : {chromium, bare, chosen}) {
      for (const ServerPolicy& policy : {ServerPolicy{}, off, remux_only, missing}) {
        for (const std::string& reason :
             decide_playback(probe, "film.mkv", request, policy).reasons) {
          EXPECT_TRUE(is_playback_reason(reason)) << reason;
          seen.insert(reason.substr(0, reason.find(':')));
        }
      }
    }
  }
  // The cases reach most of the list, so the check above has teeth.
  EXPECT_GE(seen.size(), 12u);
}

}  // namespace
}  // namespace tglink
