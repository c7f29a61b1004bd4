#include "playback/webvtt_slices.hpp"

#include <algorithm>
#include <charconv>

namespace tglink {

namespace {

std::string_view trim(std::string_view text) {
  const std::size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  const std::size_t end = text.find_last_not_of(" \t\r");
  return text.substr(begin, end - begin + 1);
}

bool parse_number(std::string_view text, long& out) {
  if (text.empty()) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc() && end == text.data() + text.size() && out >= 0;
}

// Splits `text` into lines without their terminators.
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t next = text.find('\n', pos);
    const std::size_t end = next == std::string_view::npos ? text.size() : next;
    std::string_view line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (next == std::string_view::npos) break;
    pos = next + 1;
  }
  return lines;
}

// A timing line: "start --> end [settings]".
bool parse_timing(std::string_view line, double& start, double& end) {
  const std::size_t arrow = line.find("-->");
  if (arrow == std::string_view::npos) return false;
  start = parse_webvtt_time(trim(line.substr(0, arrow)));
  std::string_view rest = trim(line.substr(arrow + 3));
  rest = rest.substr(0, rest.find_first_of(" \t"));
  end = parse_webvtt_time(rest);
  return start >= 0 && end >= start;
}

}  // namespace

double parse_webvtt_time(std::string_view text) {
  const std::size_t dot = text.rfind('.');
  if (dot == std::string_view::npos || text.size() - dot != 4) return -1;
  long millis = 0;
  if (!parse_number(text.substr(dot + 1), millis)) return -1;
  std::string_view clock = text.substr(0, dot);
  long parts[3] = {0, 0, 0};
  int count = 0;
  while (!clock.empty()) {
    if (count == 3) return -1;
    const std::size_t colon = clock.rfind(':');
    const std::string_view part = colon == std::string_view::npos ? clock : clock.substr(colon + 1);
    if (!parse_number(part, parts[count++])) return -1;
    clock = colon == std::string_view::npos ? std::string_view() : clock.substr(0, colon);
  }
  if (count < 2 || parts[0] > 59 || parts[1] > 59) return -1;
  return static_cast<double>(parts[2]) * 3600 + static_cast<double>(parts[1]) * 60 +
         static_cast<double>(parts[0]) + static_cast<double>(millis) / 1000;
}

std::vector<WebVttCue> parse_webvtt_cues(std::string_view text, std::size_t max_cues) {
  std::vector<WebVttCue> cues;
  const std::vector<std::string_view> lines = lines_of(text);
  std::size_t i = 0;
  while (i < lines.size() && cues.size() < max_cues) {
    // One block: lines up to a blank one.
    std::size_t end = i;
    while (end < lines.size() && !trim(lines[end]).empty()) ++end;
    for (std::size_t j = i; j < end; ++j) {
      WebVttCue cue;
      if (!parse_timing(lines[j], cue.start, cue.end)) continue;
      cue.block = std::string(lines[j]);
      for (std::size_t k = j + 1; k < end; ++k) {
        cue.block += "\n";
        cue.block += lines[k];
      }
      cues.push_back(std::move(cue));
      break;
    }
    i = end + 1;
  }
  return cues;
}

std::string webvtt_slice(const std::vector<WebVttCue>& cues, double start, double end) {
  std::vector<const WebVttCue*> chosen;
  for (const WebVttCue& cue : cues) {
    if (cue.end > start && cue.start < end) chosen.push_back(&cue);
  }
  std::stable_sort(chosen.begin(), chosen.end(),
                   [](const WebVttCue* a, const WebVttCue* b) { return a->start < b->start; });
  std::string out = "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:90000,LOCAL:00:00:00.000\n\n";
  const WebVttCue* previous = nullptr;
  for (const WebVttCue* cue : chosen) {
    if (previous != nullptr && *previous == *cue) continue;  // the same cue from two runs
    out += cue->block + "\n\n";
    previous = cue;
  }
  return out;
}

}  // namespace tglink
