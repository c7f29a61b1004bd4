#include "subtitles/subtitle_output.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(SubtitleOutput, WebVttKeepsItalicsAndEscapesTheRest) {
  const std::vector<SubtitleCue> cues = {
      {1000, 2500, "<i>Hello</i> & <font color=\"red\">bye</font>"},
      {3723004, 3724000, "{\\an8}a --> b\n\nc < d\n<font color=red></font>"},
  };
  EXPECT_EQ(webvtt_of(cues),
            "WEBVTT\n"
            "\n00:00:01.000 --> 00:00:02.500\n<i>Hello</i> &amp; bye\n"
            "\n01:02:03.004 --> 01:02:04.000\na --&gt; b\nc &lt; d\n");
}

TEST(SubtitleOutput, SubRipNumbersTheCues) {
  const std::vector<SubtitleCue> cues = {{0, 1000, "один"}, {2000, 3000, "two\nlines"}};
  EXPECT_EQ(srt_of(cues),
            "1\n00:00:00,000 --> 00:00:01,000\nодин\n"
            "\n2\n00:00:02,000 --> 00:00:03,000\ntwo\nlines\n");
}

}  // namespace
}  // namespace tglink
