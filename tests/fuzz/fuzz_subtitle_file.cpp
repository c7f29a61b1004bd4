// Fuzz target for read_subtitle (subtitles/subtitle_document.hpp), the reader of the subtitle
// files users send beside a video, and its WebVTT and SubRip writers (subtitle_output.hpp).
//
// Input: the first byte picks the format (SubRip, WebVTT, ASS); the rest is the file's bytes.
//
// Invariants: an accepted file has between 1 and kMaxSubtitleCues cues, in start order, each
// ending at or after its start and within kMaxCueMs; its WebVTT and its SubRip, read again, give
// the same cues at the same times (what the player and VLC get is what was checked).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "subtitles/subtitle_document.hpp"
#include "subtitles/subtitle_output.hpp"

namespace {

using tglink::SubtitleCue;
using tglink::SubtitleFormat;

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz_subtitle_file invariant broken: %s\n", what);
  std::abort();
}

bool same_times(const std::vector<SubtitleCue>& a, const std::vector<SubtitleCue>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].start_ms != b[i].start_ms || a[i].end_ms != b[i].end_ms) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  constexpr SubtitleFormat kFormats[] = {SubtitleFormat::srt, SubtitleFormat::vtt,
                                         SubtitleFormat::ass};
  const SubtitleFormat format = kFormats[data[0] % 3];
  const std::string_view bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  const tglink::SubtitleCheck check = tglink::read_subtitle(format, bytes);
  if (!check.document) {
    require(!check.refusal.empty(), "a refusal says why");
    return 0;
  }
  const std::vector<SubtitleCue>& cues = check.document->cues;
  require(!cues.empty() && cues.size() <= tglink::kMaxSubtitleCues, "1 to kMaxSubtitleCues cues");
  for (std::size_t i = 0; i < cues.size(); ++i) {
    require(cues[i].start_ms <= cues[i].end_ms, "a cue ends at or after its start");
    require(cues[i].end_ms <= tglink::kMaxCueMs, "a cue ends within kMaxCueMs");
    require(i == 0 || cues[i - 1].start_ms <= cues[i].start_ms, "cues in start order");
  }
  const tglink::SubtitleCheck vtt =
      tglink::read_subtitle(SubtitleFormat::vtt, tglink::webvtt_of(cues));
  require(vtt.document && same_times(vtt.document->cues, cues), "the WebVTT reads back the same");
  const tglink::SubtitleCheck srt =
      tglink::read_subtitle(SubtitleFormat::srt, tglink::srt_of(cues));
  require(srt.document && same_times(srt.document->cues, cues), "the SubRip reads back the same");
  return 0;
}
