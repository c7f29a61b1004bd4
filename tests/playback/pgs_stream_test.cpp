// The PGS stream handed to the player: every complete display set of every run once, in
// presentation order.

#include "playback/pgs_stream.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

// One segment: "PG", PTS, DTS 0, type, size, payload.
std::string segment(std::uint32_t pts, unsigned char type, std::string_view payload) {
  std::string out = "PG";
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>(pts >> shift));
  out.append(4, '\0');
  out.push_back(static_cast<char>(type));
  out.push_back(static_cast<char>(payload.size() >> 8));
  out.push_back(static_cast<char>(payload.size() & 0xff));
  out.append(payload);
  return out;
}

// A display set at `seconds`: a composition segment whose payload names it, then END.
std::string display_set(int seconds, std::string_view tag) {
  const auto pts = static_cast<std::uint32_t>(seconds * 90000);
  return segment(pts, 0x16, tag) + segment(pts, 0x80, "");
}

TEST(PgsStream, EveryDisplaySetOnceInPresentationOrder) {
  const std::string first = display_set(1, "show") + display_set(3, "clear");
  // A run restarted after a seek to 8 s, then one back at 2 s that reads the 3 s set again.
  const std::string later = display_set(8, "late");
  const std::string back = display_set(3, "clear") + display_set(5, "next");
  EXPECT_EQ(merge_pgs_runs({first, later, back}), display_set(1, "show") + display_set(3, "clear") +
                                                      display_set(5, "next") +
                                                      display_set(8, "late"));
}

TEST(PgsStream, ADisplaySetStillBeingWrittenIsLeftOut) {
  const std::string whole = display_set(1, "show");
  const std::string open = segment(3 * 90000, 0x16, "half");
  EXPECT_EQ(merge_pgs_runs({whole + open}), whole);
  // A segment whose payload has not all arrived.
  EXPECT_EQ(merge_pgs_runs({whole + display_set(4, "cut").substr(0, 16)}), whole);
}

TEST(PgsStream, BytesThatAreNoSegmentEndTheRun) {
  const std::string whole = display_set(1, "show");
  EXPECT_EQ(merge_pgs_runs({whole + "garbage" + display_set(2, "lost")}), whole);
  EXPECT_EQ(merge_pgs_runs({}), "");
  EXPECT_EQ(merge_pgs_runs({"", "PG"}), "");
}

TEST(PgsStream, OnlyBluRayPictureSubtitlesAreDrawnByThePlayer) {
  EXPECT_TRUE(is_pgs_codec("hdmv_pgs_subtitle"));
  // Not the other picture formats (DVD's VobSub, DVB's).
  for (const std::string_view codec : {"dvd_subtitle", "dvb_subtitle"}) {
    EXPECT_FALSE(is_pgs_codec(codec)) << codec;
  }
}

}  // namespace
}  // namespace tglink
