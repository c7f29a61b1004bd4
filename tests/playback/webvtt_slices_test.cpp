#include "playback/webvtt_slices.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tglink {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr std::string_view kVtt =
    "WEBVTT\n\nNOTE a comment --> not a cue\n\n00:01.000 --> 00:03.000\nHello <b>one</b>\n\n"
    "1\n00:00:07.006 --> 00:00:09.506 align:start\nSecond\ncue\n\n"
    "garbage --> more\nignored\n\n01:00:00.000 --> 01:00:02.000\nAn hour in\n";

TEST(WebVtt, ParsesCuesAndSkipsTheRest) {
  const std::vector<WebVttCue> cues = parse_webvtt_cues(kVtt);
  ASSERT_EQ(cues.size(), 3u);
  EXPECT_DOUBLE_EQ(cues[0].start, 1);
  EXPECT_DOUBLE_EQ(cues[1].end, 9.506);
  EXPECT_EQ(cues[1].block, "00:00:07.006 --> 00:00:09.506 align:start\nSecond\ncue");
  EXPECT_DOUBLE_EQ(cues[2].start, 3600);
}

TEST(WebVtt, ASliceHoldsTheCuesOverlappingItOnce) {
  std::vector<WebVttCue> cues = parse_webvtt_cues(kVtt);
  const std::vector<WebVttCue> again = parse_webvtt_cues(kVtt);  // a second run's file
  cues.insert(cues.end(), again.begin(), again.end());
  const std::string slice = webvtt_slice(cues, 8, 12);
  EXPECT_TRUE(slice.starts_with("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:90000,LOCAL:00:00:00.000\n\n"));
  EXPECT_THAT(slice, HasSubstr("Second\ncue"));
  EXPECT_EQ(slice.find("Second"), slice.rfind("Second"));
  EXPECT_THAT(slice, Not(HasSubstr("Hello")));
  EXPECT_EQ(webvtt_slice(cues, 20, 24),
            "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:90000,LOCAL:00:00:00.000\n\n");
}

TEST(WebVtt, TimesParseStrictly) {
  EXPECT_DOUBLE_EQ(parse_webvtt_time("00:01:02.500"), 62.5);
  EXPECT_DOUBLE_EQ(parse_webvtt_time("01:02.500"), 62.5);
  for (const char* bad : {"", "1.5", "00:61.000", "a:00.000", "00:00.00", "1:2:3:4.000"}) {
    EXPECT_LT(parse_webvtt_time(bad), 0) << bad;
  }
}

TEST(WebVtt, CueCountIsBounded) {
  std::string many = "WEBVTT\n\n";
  for (int i = 0; i < 50; ++i) many += "00:01.000 --> 00:02.000\nx\n\n";
  EXPECT_EQ(parse_webvtt_cues(many, 10).size(), 10u);
}

}  // namespace
}  // namespace tglink
