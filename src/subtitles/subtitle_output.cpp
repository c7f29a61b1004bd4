#include "subtitles/subtitle_output.hpp"

#include <array>
#include <cctype>
#include <cstdint>
#include <string_view>

#include <fmt/format.h>

namespace tglink {

namespace {

constexpr std::array<std::string_view, 6> kKeptTags = {"<i>", "</i>", "<b>", "</b>", "<u>", "</u>"};

std::string clock(std::int64_t ms, char fraction_separator) {
  return fmt::format("{:02}:{:02}:{:02}{}{:03}", ms / 3600000, ms / 60000 % 60, ms / 1000 % 60,
                     fraction_separator, ms % 1000);
}

// One line of a cue as WebVTT cue text (see the header).
std::string webvtt_line(std::string_view line) {
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    const std::size_t brace =
        c == '{' && line.substr(i + 1, 1) == "\\" ? line.find('}', i) : std::string_view::npos;
    if (brace != std::string_view::npos) {
      i = brace;  // an ASS override ({\an8}) some SubRip files carry
      continue;
    }
    if (c == '<') {
      bool kept = false;
      for (const std::string_view tag : kKeptTags) {
        if (line.substr(i, tag.size()) == tag) {
          out += tag;
          i += tag.size() - 1;
          kept = true;
          break;
        }
      }
      if (kept) continue;
      const std::size_t close = line.find('>', i);
      const bool tag =
          close != std::string_view::npos && close > i + 1 &&
          (std::isalpha(static_cast<unsigned char>(line[i + 1])) != 0 || line[i + 1] == '/');
      if (tag) {
        i = close;  // a tag WebVTT does not have
        continue;
      }
      out += "&lt;";
    } else if (c == '>') {
      out += "&gt;";
    } else if (c == '&') {
      out += "&amp;";
    } else {
      out += c;
    }
  }
  return out;
}

// The cue's lines without blank ones: a blank line would end the cue.
template <typename Each>
void for_each_line(std::string_view text, Each each) {
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    if (line.find_first_not_of(" \t") != std::string_view::npos) each(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
}

}  // namespace

std::string webvtt_of(const std::vector<SubtitleCue>& cues) {
  std::string out = "WEBVTT\n";
  for (const SubtitleCue& cue : cues) {
    out += '\n';
    out += clock(cue.start_ms, '.') + " --> " + clock(cue.end_ms, '.') + '\n';
    for_each_line(cue.text, [&out](std::string_view line) {
      // A line of tags alone is empty once they are gone, and an empty line would end the cue.
      const std::string text = webvtt_line(line);
      if (text.find_first_not_of(" \t") != std::string::npos) out += text + '\n';
    });
  }
  return out;
}

std::string srt_of(const std::vector<SubtitleCue>& cues) {
  std::string out;
  std::size_t number = 0;
  for (const SubtitleCue& cue : cues) {
    if (number > 0) out += '\n';
    out +=
        fmt::format("{}\n{} --> {}\n", ++number, clock(cue.start_ms, ','), clock(cue.end_ms, ','));
    for_each_line(cue.text, [&out](std::string_view line) {
      out += line;
      out += '\n';
    });
  }
  return out;
}

}  // namespace tglink
