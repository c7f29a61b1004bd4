#include "web/player_source.hpp"

#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace tglink {
namespace {

constexpr std::string_view kBase = "https://files.example:8443";

PlayerRefusal refusal_of(std::string_view stream, std::string_view base = kBase) {
  return check_player_source(base, stream).refusal;
}

TEST(PlayerSource, AcceptsOwnStreamLinkAndRebuildsIt) {
  const PlayerSourceCheck check =
      check_player_source(kBase, "https://files.example:8443/stream/AbC-_09");
  ASSERT_TRUE(check.source.has_value());
  EXPECT_EQ(check.refusal, PlayerRefusal::kNone);
  EXPECT_EQ(check.source->token, "AbC-_09");
  EXPECT_EQ(check.source->file_name, "");
  EXPECT_EQ(check.source->stream_url, "https://files.example:8443/stream/AbC-_09");
  EXPECT_EQ(check.source->download_url, "https://files.example:8443/dl/AbC-_09");
}

TEST(PlayerSource, TakesTheFileNameFromTheOptionalSegment) {
  const PlayerSourceCheck check =
      check_player_source(kBase, "https://files.example:8443/stream/tok/My%20Film%20%C3%A9.mp4");
  ASSERT_TRUE(check.source.has_value());
  EXPECT_EQ(check.source->file_name, "My Film \xC3\xA9.mp4");
  EXPECT_EQ(check.source->stream_url,
            "https://files.example:8443/stream/tok/My%20Film%20%C3%A9.mp4");
  EXPECT_EQ(check.source->download_url, "https://files.example:8443/dl/tok/My%20Film%20%C3%A9.mp4");
}

TEST(PlayerSource, NameIsReEncodedSoMarkupCannotSurvive) {
  const PlayerSourceCheck check = check_player_source(
      kBase, "https://files.example:8443/stream/tok/%3Cscript%3E%22x'%3C%2Fscript%3E");
  ASSERT_TRUE(check.source.has_value());
  EXPECT_EQ(check.source->file_name, "<script>\"x'</script>");
  EXPECT_EQ(check.source->stream_url,
            "https://files.example:8443/stream/tok/%3Cscript%3E%22x%27%3C%2Fscript%3E");
}

TEST(PlayerSource, SchemeAndHostCompareCaseInsensitively) {
  const PlayerSourceCheck check = check_player_source(kBase, "HTTPS://Files.Example:8443/stream/t");
  ASSERT_TRUE(check.source.has_value());
  EXPECT_EQ(check.source->stream_url, "https://files.example:8443/stream/t");
}

TEST(PlayerSource, BaseUrlWithAPathPrefix) {
  const std::string_view base = "https://h.example/tglink";
  EXPECT_TRUE(check_player_source(base, "https://h.example/tglink/stream/t").source.has_value());
  EXPECT_EQ(refusal_of("https://h.example/stream/t", base), PlayerRefusal::kForeign);
  EXPECT_EQ(refusal_of("https://h.example/tglink2/stream/t", base), PlayerRefusal::kForeign);
}

TEST(PlayerSource, RefusesMissing) { EXPECT_EQ(refusal_of(""), PlayerRefusal::kMissing); }

TEST(PlayerSource, RefusesOtherHostsSchemesAndPaths) {
  for (const std::string_view stream : {
           "https://evil.example/stream/tok",
           "http://files.example:8443/stream/tok",
           "https://files.example/stream/tok",
           "https://files.example:84430/stream/tok",
           "https://files.example:8443.evil.example/stream/tok",
           "https://files.example:8443@evil.example/stream/tok",
           "https://files.example.evil.example:8443/stream/tok",
           "//files.example:8443/stream/tok",
           "/stream/tok",
           "javascript:alert(1)//https://files.example:8443/stream/tok",
           "data:text/html,<script>alert(1)</script>",
           "https://files.example:8443/dl/tok",
           "https://files.example:8443/streams/tok",
           "https://files.example:8443/STREAM/tok",
           "https://files.example:8443",
           "https://files.example:8443/",
       }) {
    EXPECT_EQ(refusal_of(stream), PlayerRefusal::kForeign) << stream;
  }
}

TEST(PlayerSource, RefusesLinksThisServerCouldNotHaveMade) {
  for (const std::string_view stream : {
           "https://files.example:8443/stream/",
           "https://files.example:8443/stream/tok?x=1",
           "https://files.example:8443/stream/tok#frag",
           "https://files.example:8443/stream/to%6B",
           "https://files.example:8443/stream/to.k",
           "https://files.example:8443/stream/tok/",
           "https://files.example:8443/stream/tok/a/b",
           "https://files.example:8443/stream/tok/bad%zz",
           "https://files.example:8443/stream/tok/new%0Aline",
           "https://files.example:8443/stream/tok/nul%00",
       }) {
    EXPECT_EQ(refusal_of(stream), PlayerRefusal::kMalformed) << stream;
  }
}

TEST(PlayerSource, RefusesTokensLongerThanAnyWeMake) {
  const std::string longest(48, 'a');
  EXPECT_TRUE(check_player_source(kBase, std::string(kBase) + "/stream/" + longest).source);
  EXPECT_EQ(refusal_of(std::string(kBase) + "/stream/" + longest + "a"), PlayerRefusal::kMalformed);
}

TEST(PlayerSource, RefusesHugeInput) {
  const std::string huge = std::string(kBase) + "/stream/tok/" + std::string(5000, 'a');
  EXPECT_EQ(refusal_of(huge), PlayerRefusal::kMalformed);
}

TEST(PlayerSource, OriginOfAUrl) {
  EXPECT_EQ(url_origin("HTTPS://Files.Example:8443/a/b"), "https://files.example:8443");
  EXPECT_EQ(url_origin("http://h"), "http://h");
  EXPECT_EQ(url_origin("no scheme"), "");
}

}  // namespace
}  // namespace tglink
