#include "playback/ass_script.hpp"

#include <unordered_set>

namespace tglink {

namespace {

constexpr std::string_view kEventsSection = "[Events]";
constexpr std::string_view kFormatLine = "\nFormat:";
constexpr std::string_view kDialogue = "Dialogue:";

// Everything before the first event of a file that has reached its [Events] section: what a
// renderer needs before any line (ffmpeg writes the whole header before the first packet).
std::string_view header_of(std::string_view text) {
  const std::size_t events = text.find(kEventsSection);
  if (events == std::string_view::npos) return {};
  const std::size_t format = text.find(kFormatLine, events);
  if (format == std::string_view::npos) return {};
  const std::size_t format_end = text.find('\n', format + kFormatLine.size());
  if (format_end == std::string_view::npos) return {};
  const std::size_t dialogue = text.find(kDialogue, format_end);
  if (dialogue == std::string_view::npos) {
    // No event yet: the header is whole only once its Format line has ended.
    const std::size_t last = text.rfind('\n');
    return text.substr(0, last + 1);
  }
  return text.substr(0, dialogue);
}

std::string_view without_carriage_return(std::string_view line) {
  if (line.ends_with('\r')) line.remove_suffix(1);
  return line;
}

// The complete "Dialogue:" lines of `text` (a line still being written has no newline yet).
void add_events(std::string_view text, std::unordered_set<std::string_view>& seen,
                std::string& out) {
  std::size_t begin = 0;
  while (begin < text.size()) {
    const std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) return;
    const std::string_view line = without_carriage_return(text.substr(begin, end - begin));
    begin = end + 1;
    if (!line.starts_with(kDialogue) || !seen.insert(line).second) continue;
    out.append(line);
    out.push_back('\n');
  }
}

}  // namespace

bool is_ass_codec(std::string_view codec) { return codec == "ass" || codec == "ssa"; }

std::string merge_ass_runs(const std::vector<std::string>& runs) {
  std::string script;
  for (const std::string& run : runs) {
    const std::string_view header = header_of(run);
    if (!header.empty()) {
      script.assign(header);
      break;
    }
  }
  if (script.empty()) return script;
  if (!script.ends_with('\n')) script.push_back('\n');
  std::unordered_set<std::string_view> seen;
  for (const std::string& run : runs) add_events(run, seen, script);
  return script;
}

}  // namespace tglink
