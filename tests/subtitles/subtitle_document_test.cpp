#include "subtitles/subtitle_document.hpp"

#include <string>

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;
using testing::expect_results;

SubtitleDocument accepted(SubtitleFormat format, const std::string& bytes) {
  SubtitleCheck check = read_subtitle(format, bytes);
  EXPECT_TRUE(check.document) << check.refusal;
  return check.document.value_or(SubtitleDocument{});
}

std::string refusal(SubtitleFormat format, const std::string& bytes) {
  const SubtitleCheck check = read_subtitle(format, bytes);
  EXPECT_FALSE(check.document);
  return check.refusal;
}

TEST(SubtitleDocument, FormatFromTheFileName) {
  expect_results(subtitle_format_of, {{"Film.2024.EN.SRT", SubtitleFormat::srt},
                                      {"a.vtt", SubtitleFormat::vtt},
                                      {"a.ass", SubtitleFormat::ass},
                                      {"a.ssa", SubtitleFormat::ass}});
  expect_false_for(subtitle_format_of, {"a.sub", "srt"});
}

TEST(SubtitleDocument, SubRipWithCrLfAndCp1251) {
  const SubtitleDocument document =
      accepted(SubtitleFormat::srt,
               "1\r\n00:00:01,000 --> 00:00:02,500\r\n\xCF\xF0\xE8\xE2\xE5\xF2\r\n\r\n"
               "2\r\n00:01:02,5 --> 00:01:03,000 X1:10\r\n<i>two</i>\r\nlines\r\n");
  EXPECT_EQ(document.source_encoding, TextEncoding::cp1251);
  ASSERT_EQ(document.cues.size(), 2U);
  EXPECT_EQ(document.cues[0].start_ms, 1000);
  EXPECT_EQ(document.cues[0].end_ms, 2500);
  EXPECT_EQ(document.cues[0].text, "Привет");
  EXPECT_EQ(document.cues[1].start_ms, 62500);
  EXPECT_EQ(document.cues[1].text, "<i>two</i>\nlines");
}

TEST(SubtitleDocument, WebVttWithNotesAndIdentifiers) {
  const SubtitleDocument document = accepted(SubtitleFormat::vtt,
                                             "WEBVTT - title\n\nNOTE a note\nmore\n\n"
                                             "intro\n00:01.000 --> 00:02.000 line:0\nHi\n\n"
                                             "01:00:00.000 --> 01:00:01.000\nBye\n");
  ASSERT_EQ(document.cues.size(), 2U);
  EXPECT_EQ(document.cues[0].start_ms, 1000);
  EXPECT_EQ(document.cues[0].text, "Hi");
  EXPECT_EQ(document.cues[1].start_ms, 3600000);
}

TEST(SubtitleDocument, AssEventsAsPlainText) {
  const SubtitleDocument document = accepted(
      SubtitleFormat::ass,
      "[Script Info]\nScriptType: v4.00+\n\n[V4+ Styles]\nFormat: Name\nStyle: Default\n\n"
      "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
      "Dialogue: 0,0:00:05.00,0:00:06.50,Default,,0,0,0,,{\\an8}Top, with comma\\Nnext\n"
      "Comment: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,not shown\n"
      "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\p1}m 0 0 l 1 1{\\p0}sign\n");
  ASSERT_EQ(document.cues.size(), 2U);
  EXPECT_EQ(document.cues[0].start_ms, 1000);  // in start order
  EXPECT_EQ(document.cues[0].text, "sign");
  EXPECT_EQ(document.cues[1].end_ms, 6500);
  EXPECT_EQ(document.cues[1].text, "Top, with comma\nnext");
  EXPECT_NE(document.utf8.find("[V4+ Styles]"), std::string::npos);
}

TEST(SubtitleDocument, RefusesWhatIsTooLargeOrBinary) {
  EXPECT_EQ(refusal(SubtitleFormat::srt, std::string(kMaxSubtitleBytes + 1, 'a')),
            "it is larger than 4 MiB");
  EXPECT_EQ(refusal(SubtitleFormat::srt, std::string("\x7F"
                                                     "ELF\x02\x01\x01\x00\x00",
                                                     9)),
            "it is not text (it holds control characters such as 0x00)");
  const std::string png = "\x89PNG\r\n\x1A\n" + std::string(16, '\x01');
  EXPECT_NE(refusal(SubtitleFormat::srt, png).find("it is not text"), std::string::npos);
}

TEST(SubtitleDocument, RefusesMalformedTiming) {
  EXPECT_EQ(refusal(SubtitleFormat::srt, "1\n00:00:01,000 -> 00:00:02,000\nHi\n"),
            "line 2: expected a timing line such as 00:00:01,000 --> 00:00:02,500, found "
            "\"00:00:01,000 -> 00:00:02,000\"");
  EXPECT_EQ(refusal(SubtitleFormat::srt, "1\n00:00:61,000 --> 00:01:02,000\nHi\n").substr(0, 7),
            "line 2:");
  EXPECT_EQ(refusal(SubtitleFormat::vtt, "1\n00:00:01.000 --> 00:00:02.000\nHi\n"),
            "it does not start with WEBVTT");
  // A signed field ("00:-1.005"), which std::from_chars would read as -1.
  EXPECT_EQ(refusal(SubtitleFormat::vtt, "WEBVTT\n\n00:-1.005 --> 00:02.000\nHi\n").substr(0, 7),
            "line 3:");
  EXPECT_EQ(refusal(SubtitleFormat::srt, "1\n00:00:+1,000 --> 00:00:02,000\nHi\n").substr(0, 7),
            "line 2:");
  EXPECT_EQ(refusal(SubtitleFormat::ass,
                    "[Events]\nFormat: Start, End, Text\n"
                    "Dialogue: 0:00:01.00,0:00:02.00,x\n"),
            "it is not an ASS/SSA script (no [Script Info] section)");
  EXPECT_EQ(refusal(SubtitleFormat::ass,
                    "[Script Info]\n[Events]\n"
                    "Dialogue: 0:00:01.00,0:00:02.00,x\n"),
            "line 3: a Dialogue line before the [Events] Format line");
}

TEST(SubtitleDocument, RefusesAbsurdTimes) {
  EXPECT_EQ(refusal(SubtitleFormat::srt, "1\n00:00:05,000 --> 00:00:02,000\nHi\n"),
            "line 2: the cue ends (0:00:02.000) before it starts (0:00:05.000)");
  EXPECT_EQ(refusal(SubtitleFormat::srt, "1\n99999:00:00,000 --> 99999:00:01,000\nHi\n"),
            "line 2: a time past 24 hours (99999:00:01.000)");
}

TEST(SubtitleDocument, RefusesAFileWithoutCues) {
  EXPECT_EQ(refusal(SubtitleFormat::srt, "\n\n"), "it holds no subtitles");
  EXPECT_EQ(refusal(SubtitleFormat::vtt, "WEBVTT\n"), "it holds no subtitles");
}

}  // namespace
}  // namespace tglink
