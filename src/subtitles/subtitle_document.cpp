#include "subtitles/subtitle_document.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <utility>

#include <fmt/format.h>

#include "core/ascii_case.hpp"
#include "core/trim.hpp"
#include "core/user_text.hpp"

namespace tglink {

namespace {

// A few stray control characters (a DOS end-of-file mark, a form feed) are replaced by spaces;
// more than this, or a NUL, and the file is not text.
constexpr std::size_t kMaxStrayControls = 8;
// How much of a bad line a refusal quotes.
constexpr std::size_t kQuotedLineUnits = 48;

// The file's lines, viewing SubtitleDocument::utf8.
struct Lines {
  std::vector<std::string_view> items;
};

std::string_view trim(std::string_view text) { return tglink::trim(text, " \t"); }

bool starts_with_ci(std::string_view text, std::string_view prefix) {
  return iequals_ascii(text.substr(0, prefix.size()), prefix);
}

// CRLF and lone CR become LF; stray control characters spaces. Empty when the text is binary.
std::optional<std::string> normalized_text(std::string text, std::string& refusal) {
  std::string out;
  out.reserve(text.size());
  std::size_t strays = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\r') {
      out += '\n';
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      continue;
    }
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 && c != '\n' && c != '\t') {
      if (c == '\0' || ++strays > kMaxStrayControls) {
        refusal = fmt::format("it is not text (it holds control characters such as 0x{:02X})", u);
        return std::nullopt;
      }
      out += ' ';
      continue;
    }
    out += c;
  }
  return out;
}

Lines split_lines(std::string_view text) {
  Lines lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      if (start < text.size()) lines.items.push_back(text.substr(start));
      break;
    }
    lines.items.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// A time field: ASCII digits only (std::from_chars also takes a minus sign: "00:-1.005").
std::optional<std::int64_t> number(std::string_view digits, std::size_t max_digits) {
  if (digits.empty() || digits.size() > max_digits) return std::nullopt;
  if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
  return value;
}

// "H:MM:SS,mmm", "H:MM:SS.mmm", "MM:SS.mmm" (WebVTT without hours) or ASS's "H:MM:SS.cc":
// milliseconds, or nullopt when malformed (minutes or seconds over 59 included).
std::optional<std::int64_t> clock_ms(std::string_view text) {
  text = trim(text);
  const std::size_t separator = text.find_last_of(",.");
  if (separator == std::string_view::npos) return std::nullopt;
  const std::string_view fraction = text.substr(separator + 1);
  std::string_view clock = text.substr(0, separator);
  std::vector<std::string_view> parts;
  while (true) {
    const std::size_t colon = clock.find(':');
    parts.push_back(clock.substr(0, colon));
    if (colon == std::string_view::npos) break;
    clock.remove_prefix(colon + 1);
  }
  if (parts.size() < 2 || parts.size() > 3) return std::nullopt;
  const std::optional<std::int64_t> hours = parts.size() == 3 ? number(parts[0], 5) : 0;
  const std::optional<std::int64_t> minutes = number(parts[parts.size() - 2], 2);
  const std::optional<std::int64_t> seconds = number(parts.back(), 2);
  const std::optional<std::int64_t> part = number(fraction, 3);
  if (!hours || !minutes || !seconds || !part || *minutes > 59 || *seconds > 59) {
    return std::nullopt;
  }
  std::int64_t ms = *part;
  for (std::size_t digits = fraction.size(); digits < 3; ++digits) ms *= 10;
  return ((*hours * 60 + *minutes) * 60 + *seconds) * 1000 + ms;
}

std::string quoted(std::string_view line) {
  return "\"" + cut_to_units(valid_utf8(line), kQuotedLineUnits) + "\"";
}

std::string time_text(std::int64_t ms) {
  return fmt::format("{}:{:02}:{:02}.{:03}", ms / 3600000, ms / 60000 % 60, ms / 1000 % 60,
                     ms % 1000);
}

// The cue's times, checked: an empty string, or why not (with the line's number).
std::string check_times(std::int64_t start, std::int64_t end, std::size_t line) {
  if (start > kMaxCueMs || end > kMaxCueMs) {
    return fmt::format("line {}: a time past 24 hours ({})", line + 1,
                       time_text(std::max(start, end)));
  }
  if (end < start) {
    return fmt::format("line {}: the cue ends ({}) before it starts ({})", line + 1, time_text(end),
                       time_text(start));
  }
  return {};
}

// "start --> end[ settings]": the cue with its times, or a refusal.
struct TimingRead {
  std::optional<SubtitleCue> cue;
  std::string refusal;
};

TimingRead timing_line(std::string_view line, std::size_t number_of_line, std::string_view form) {
  TimingRead read;
  const std::size_t arrow = line.find("-->");
  std::optional<std::int64_t> start;
  std::optional<std::int64_t> end;
  if (arrow != std::string_view::npos) {
    std::string_view right = trim(line.substr(arrow + 3));
    right = right.substr(0, right.find_first_of(" \t"));
    start = clock_ms(line.substr(0, arrow));
    end = clock_ms(right);
  }
  if (!start || !end) {
    read.refusal = fmt::format("line {}: expected a timing line such as {}, found {}",
                               number_of_line + 1, form, quoted(line));
    return read;
  }
  read.refusal = check_times(*start, *end, number_of_line);
  if (read.refusal.empty()) read.cue = SubtitleCue{*start, *end, {}};
  return read;
}

bool all_digits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The text lines of a cue, up to the blank line that ends it; `i` ends on that line.
std::string cue_text(const Lines& lines, std::size_t& i) {
  std::string text;
  for (; i < lines.items.size() && !trim(lines.items[i]).empty(); ++i) {
    if (!text.empty()) text += '\n';
    text += lines.items[i];
  }
  return text;
}

constexpr std::string_view kSrtForm = "00:00:01,000 --> 00:00:02,500";
constexpr std::string_view kVttForm = "00:00:01.000 --> 00:00:02.500";

std::string read_srt(const Lines& lines, std::vector<SubtitleCue>& cues) {
  std::size_t i = 0;
  while (i < lines.items.size()) {
    if (trim(lines.items[i]).empty()) {
      ++i;
      continue;
    }
    if (all_digits(trim(lines.items[i])) && i + 1 < lines.items.size()) ++i;  // the cue's number
    TimingRead read = timing_line(lines.items[i], i, kSrtForm);
    if (!read.cue) return read.refusal;
    ++i;
    read.cue->text = cue_text(lines, i);
    cues.push_back(std::move(*read.cue));
  }
  return {};
}

std::string read_vtt(const Lines& lines, std::vector<SubtitleCue>& cues) {
  const std::string_view first = lines.items.empty() ? std::string_view{} : lines.items[0];
  if (first.substr(0, 6) != "WEBVTT" || (first.size() > 6 && first[6] != ' ' && first[6] != '\t')) {
    return "it does not start with WEBVTT";
  }
  std::size_t i = 0;
  (void)cue_text(lines, i);  // the header block
  while (i < lines.items.size()) {
    const std::string_view line = trim(lines.items[i]);
    if (line.empty()) {
      ++i;
      continue;
    }
    if (line.starts_with("NOTE") || line.starts_with("STYLE") || line.starts_with("REGION")) {
      (void)cue_text(lines, i);
      continue;
    }
    if (line.find("-->") == std::string_view::npos && i + 1 < lines.items.size()) ++i;  // its id
    TimingRead read = timing_line(lines.items[i], i, kVttForm);
    if (!read.cue) return read.refusal;
    ++i;
    read.cue->text = cue_text(lines, i);
    cues.push_back(std::move(*read.cue));
  }
  return {};
}

// An ASS event's text as plain lines: override blocks {...} dropped, \N and \n new lines, \h a
// space, and drawings ({\p1} to {\p0}) left out.
std::string ass_plain_text(std::string_view text) {
  std::string out;
  bool drawing = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{') {
      const std::size_t close = text.find('}', i);
      const std::string_view block =
          text.substr(i, close == std::string_view::npos ? close : close - i);
      for (std::size_t p = block.find("\\p"); p != std::string_view::npos;
           p = block.find("\\p", p + 2)) {
        if (p + 2 < block.size() && block[p + 2] >= '0' && block[p + 2] <= '9') {
          drawing = block[p + 2] != '0';
        }
      }
      if (close == std::string_view::npos) break;
      i = close;
      continue;
    }
    if (drawing) continue;
    if (text[i] == '\\' && i + 1 < text.size()) {
      const char next = text[i + 1];
      if (next == 'N' || next == 'n' || next == 'h') {
        out += next == 'h' ? ' ' : '\n';
        ++i;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

std::vector<std::string_view> split_fields(std::string_view text, std::size_t count) {
  std::vector<std::string_view> fields;
  while (fields.size() + 1 < count) {
    const std::size_t comma = text.find(',');
    if (comma == std::string_view::npos) break;
    fields.push_back(trim(text.substr(0, comma)));
    text.remove_prefix(comma + 1);
  }
  fields.push_back(text);
  return fields;
}

struct AssFormat {
  std::size_t fields = 0;
  std::size_t start = 0;
  std::size_t end = 0;
  std::size_t text = 0;
};

std::optional<AssFormat> ass_format(std::string_view line) {
  const std::vector<std::string_view> names = split_fields(line, 64);
  AssFormat format;
  format.fields = names.size();
  bool start = false;
  bool end = false;
  for (std::size_t k = 0; k < names.size(); ++k) {
    const std::string name = ascii_lower(trim(names[k]));
    if (name == "start") {
      format.start = k;
      start = true;
    } else if (name == "end") {
      format.end = k;
      end = true;
    } else if (name == "text") {
      format.text = k;
    }
  }
  if (!start || !end || format.text + 1 != names.size()) return std::nullopt;
  return format;
}

std::string read_ass(const Lines& lines, std::vector<SubtitleCue>& cues) {
  bool script_info = false;
  bool events = false;
  std::optional<AssFormat> format;
  for (std::size_t i = 0; i < lines.items.size(); ++i) {
    const std::string_view line = trim(lines.items[i]);
    if (line.starts_with('[')) {
      script_info = script_info || ascii_lower(line) == "[script info]";
      events = ascii_lower(line) == "[events]";
      continue;
    }
    if (!events) continue;
    if (starts_with_ci(line, "format:")) {
      format = ass_format(line.substr(7));
      if (!format) {
        return fmt::format("line {}: an [Events] Format line without Start, End and Text last",
                           i + 1);
      }
      continue;
    }
    if (!starts_with_ci(line, "dialogue:")) continue;
    if (!format) {
      return fmt::format("line {}: a Dialogue line before the [Events] Format line", i + 1);
    }
    const std::vector<std::string_view> fields = split_fields(line.substr(9), format->fields);
    if (fields.size() != format->fields) {
      return fmt::format("line {}: a Dialogue line with {} fields where the Format line names {}",
                         i + 1, fields.size(), format->fields);
    }
    const std::optional<std::int64_t> start = clock_ms(fields[format->start]);
    const std::optional<std::int64_t> end = clock_ms(fields[format->end]);
    if (!start || !end) {
      return fmt::format("line {}: expected times such as 0:00:01.00, found {}", i + 1,
                         quoted(line));
    }
    if (std::string why = check_times(*start, *end, i); !why.empty()) return why;
    cues.push_back(SubtitleCue{*start, *end, ass_plain_text(fields[format->text])});
  }
  if (!script_info) return "it is not an ASS/SSA script (no [Script Info] section)";
  return {};
}

}  // namespace

std::optional<SubtitleFormat> subtitle_format_of(std::string_view file_name) {
  const std::size_t dot = file_name.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const std::string extension = ascii_lower(file_name.substr(dot + 1));
  if (extension == "ssa") return SubtitleFormat::ass;
  return subtitle_format_from(extension);
}

std::string_view to_string(SubtitleFormat format) {
  switch (format) {
    case SubtitleFormat::srt:
      return "srt";
    case SubtitleFormat::vtt:
      return "vtt";
    case SubtitleFormat::ass:
      return "ass";
  }
  return "srt";
}

std::optional<SubtitleFormat> subtitle_format_from(std::string_view name) {
  for (const SubtitleFormat format :
       {SubtitleFormat::srt, SubtitleFormat::vtt, SubtitleFormat::ass}) {
    if (name == to_string(format)) return format;
  }
  return std::nullopt;
}

SubtitleCheck read_subtitle(SubtitleFormat format, std::string_view bytes) {
  SubtitleCheck check;
  if (static_cast<std::int64_t>(bytes.size()) > kMaxSubtitleBytes) {
    check.refusal = fmt::format("it is larger than {} MiB", kMaxSubtitleBytes >> 20);
    return check;
  }
  Utf8Text decoded = to_utf8(bytes);
  std::optional<std::string> text = normalized_text(std::move(decoded.text), check.refusal);
  if (!text) return check;
  SubtitleDocument document;
  document.format = format;
  document.source_encoding = decoded.source;
  document.utf8 = std::move(*text);
  const Lines lines = split_lines(document.utf8);
  switch (format) {
    case SubtitleFormat::srt:
      check.refusal = read_srt(lines, document.cues);
      break;
    case SubtitleFormat::vtt:
      check.refusal = read_vtt(lines, document.cues);
      break;
    case SubtitleFormat::ass:
      check.refusal = read_ass(lines, document.cues);
      break;
  }
  if (!check.refusal.empty()) return check;
  if (document.cues.empty()) {
    check.refusal = "it holds no subtitles";
    return check;
  }
  if (document.cues.size() > kMaxSubtitleCues) {
    check.refusal = fmt::format("it has more than {} cues", kMaxSubtitleCues);
    return check;
  }
  std::stable_sort(
      document.cues.begin(), document.cues.end(),
      [](const SubtitleCue& a, const SubtitleCue& b) { return a.start_ms < b.start_ms; });
  check.document = std::move(document);
  return check;
}

}  // namespace tglink
