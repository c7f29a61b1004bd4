// Fuzz target: what tglink reads from ffprobe and ffmpeg about an uploaded file
// (playback/media_probe.hpp, playback/media_allow_lists.hpp). The file's author controls most of
// ffprobe's JSON (titles, languages, numbers, stream counts) and part of FFmpeg's log.
//
// Input: ffprobe JSON, also read as an FFmpeg log.
//
// Invariants:
//  - parsing never throws; a parsed probe keeps at most kMaxStreamsPerKind streams of a kind,
//    texts of at most kMaxProbeText bytes, video sizes within kMaxVideoDimension, and a duration
//    that is finite, positive and at most kMaxDurationSeconds;
//  - the stored form reads back to the same container, duration, stream counts, out-of-range
//    names and refusal;
//  - a refusal read from a log names at most 40 characters of [A-Za-z0-9_.,-].

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "playback/media_allow_lists.hpp"
#include "playback/media_probe.hpp"

namespace {

using namespace tglink;

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz_media_probe invariant broken: %s\n", what);
  std::abort();
}

bool shown_safely(std::string_view name) {
  if (name.empty() || name.size() > 40) return false;
  for (const char c : name) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '_' || c == '.' || c == ',' || c == '-';
    if (!plain) return false;
  }
  return true;
}

void check_probe(const MediaProbe& probe) {
  require(probe.audio.size() <= kMaxStreamsPerKind, "audio streams capped");
  require(probe.subtitles.size() <= kMaxStreamsPerKind, "subtitle streams capped");
  require(probe.container.size() <= kMaxProbeText, "container name cut");
  if (probe.video) {
    require(probe.video->width >= 0 && probe.video->width <= kMaxVideoDimension, "width bound");
    require(probe.video->height >= 0 && probe.video->height <= kMaxVideoDimension, "height bound");
  }
  if (probe.duration) {
    require(*probe.duration > 0 && *probe.duration <= kMaxDurationSeconds, "duration bound");
  }
  for (const AudioStream& audio : probe.audio) {
    require(audio.title.size() <= kMaxProbeText, "audio title cut");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const ProbeParse parsed = parse_ffprobe_json(text);
  if (parsed.probe) {
    check_probe(*parsed.probe);
    const std::optional<MediaProbe> stored = probe_from_json(probe_to_json(*parsed.probe));
    require(stored.has_value(), "the stored form reads back");
    require(stored->container == parsed.probe->container, "container kept");
    require(stored->duration == parsed.probe->duration, "duration kept");
    require(stored->audio.size() == parsed.probe->audio.size(), "audio streams kept");
    require(stored->subtitles.size() == parsed.probe->subtitles.size(), "subtitles kept");
    require(stored->out_of_range == parsed.probe->out_of_range, "out-of-range names kept");
    require(stored->refused == parsed.probe->refused, "refusal kept");
    if (const std::optional<MediaRefusal> refused = refusal_of(*parsed.probe)) {
      require(shown_safely(refused->name), "a probe's refusal is shown safely");
    }
  }
  if (const std::optional<MediaRefusal> refused = refusal_in_log(text)) {
    require(shown_safely(refused->name), "a log's refusal is shown safely");
  }
  return 0;
}
