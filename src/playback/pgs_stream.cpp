#include "playback/pgs_stream.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_set>

namespace tglink {

namespace {

// "PG", PTS (4), DTS (4), segment type (1), payload size (2): big-endian, 90 kHz clock.
constexpr std::size_t kSegmentHeader = 13;
constexpr unsigned char kEndSegment = 0x80;

struct DisplaySet {
  std::uint32_t pts = 0;
  std::string_view bytes;
};

std::uint32_t read_be32(std::string_view text, std::size_t at) {
  std::uint32_t value = 0;
  for (std::size_t i = 0; i < 4; ++i)
    value = (value << 8) | static_cast<unsigned char>(text[at + i]);
  return value;
}

std::size_t read_be16(std::string_view text, std::size_t at) {
  return (static_cast<std::size_t>(static_cast<unsigned char>(text[at])) << 8) |
         static_cast<unsigned char>(text[at + 1]);
}

// The complete display sets of one run, in its order.
void add_display_sets(std::string_view run, std::vector<DisplaySet>& out) {
  std::size_t set_begin = 0;
  std::size_t at = 0;
  while (at + kSegmentHeader <= run.size()) {
    if (run[at] != 'P' || run[at + 1] != 'G') return;
    const std::size_t end = at + kSegmentHeader + read_be16(run, at + 11);
    if (end > run.size()) return;
    const auto type = static_cast<unsigned char>(run[at + 10]);
    if (type == kEndSegment) {
      out.push_back({read_be32(run, set_begin + 2), run.substr(set_begin, end - set_begin)});
      set_begin = end;
    }
    at = end;
  }
}

}  // namespace

bool is_pgs_codec(std::string_view codec) { return codec == "hdmv_pgs_subtitle"; }

std::string merge_pgs_runs(const std::vector<std::string>& runs) {
  std::vector<DisplaySet> sets;
  for (const std::string& run : runs) add_display_sets(run, sets);
  std::unordered_set<std::string_view> seen;
  std::vector<DisplaySet> unique;
  for (const DisplaySet& set : sets) {
    if (seen.insert(set.bytes).second) unique.push_back(set);
  }
  std::stable_sort(unique.begin(), unique.end(),
                   [](const DisplaySet& a, const DisplaySet& b) { return a.pts < b.pts; });
  std::string stream;
  for (const DisplaySet& set : unique) stream.append(set.bytes);
  return stream;
}

}  // namespace tglink
