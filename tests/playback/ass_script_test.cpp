// The ASS script handed to the player: one header, every event of every run once.

#include "playback/ass_script.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

constexpr std::string_view kHeader =
    "[Script Info]\nScriptType: v4.00+\nPlayResX: 640\nPlayResY: 360\n\n"
    "[V4+ Styles]\nFormat: Name, Fontname, Fontsize\nStyle: Sign,Liberation Sans,40\n\n"
    "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, "
    "Text\n";

std::string run(std::string_view events) { return std::string(kHeader) + std::string(events); }

TEST(AssScript, OneHeaderAndEveryEventOnceAcrossRuns) {
  const std::string first =
      run("Dialogue: 0,0:00:01.00,0:00:03.00,Sign,,0,0,0,,{\\pos(320,40)}Top\n"
          "Dialogue: 0,0:00:05.00,0:00:06.00,Sign,,0,0,0,,Second\n");
  // A restarted run reads the second event again, then goes on.
  const std::string second =
      run("Dialogue: 0,0:00:05.00,0:00:06.00,Sign,,0,0,0,,Second\r\n"
          "Dialogue: 0,0:00:09.00,0:00:10.00,Sign,,0,0,0,,Third\n");
  EXPECT_EQ(merge_ass_runs({first, second}),
            std::string(kHeader) +
                "Dialogue: 0,0:00:01.00,0:00:03.00,Sign,,0,0,0,,{\\pos(320,40)}Top\n"
                "Dialogue: 0,0:00:05.00,0:00:06.00,Sign,,0,0,0,,Second\n"
                "Dialogue: 0,0:00:09.00,0:00:10.00,Sign,,0,0,0,,Third\n");
}

TEST(AssScript, ALineStillBeingWrittenWaits) {
  EXPECT_EQ(merge_ass_runs({run("Dialogue: 0,0:00:01.00,0:00:03.00,Sign,,0,0,0,,Hal")}),
            std::string(kHeader));
}

TEST(AssScript, NothingUntilTheHeaderIsWhole) {
  EXPECT_EQ(merge_ass_runs({}), "");
  EXPECT_EQ(merge_ass_runs({"[Script Info]\nScriptType: v4.00+\n"}), "");
  EXPECT_EQ(merge_ass_runs({"[Script Info]\n[Events]\nFormat: Layer, Sta"}), "");
  // A run that has written nothing yet does not hide the header of another.
  EXPECT_EQ(merge_ass_runs({"", run("")}), std::string(kHeader));
}

TEST(AssScript, AssAndSsaAreScripts) {
  for (const std::string_view codec : {"ass", "ssa"}) EXPECT_TRUE(is_ass_codec(codec)) << codec;
  for (const std::string_view codec : {"subrip", "hdmv_pgs_subtitle"}) {
    EXPECT_FALSE(is_ass_codec(codec)) << codec;
  }
}

}  // namespace
}  // namespace tglink
