#pragma once
// A subtitle file a user sent beside a video (SubRip .srt, WebVTT .vtt, ASS/SSA .ass .ssa),
// checked before it is attached: bounded in size and cue count, text (after conversion to UTF-8,
// subtitles/text_encoding.hpp), and every cue's timing well formed and sane. Anything else gets a
// refusal that says what is wrong and where, which the bot tells the user as it is.
//
// The cues read here are what the player's WebVTT shows (subtitles/subtitle_output.hpp); an ASS
// script is also kept whole, in UTF-8, for the ASS renderer, which draws its styles.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "subtitles/text_encoding.hpp"

namespace tglink {

enum class SubtitleFormat { srt, vtt, ass };

// By the file name's extension, in any case: .srt, .vtt, .ass and .ssa (ASS's older form, which
// libass reads too); nullopt for anything else.
[[nodiscard]] std::optional<SubtitleFormat> subtitle_format_of(std::string_view file_name);
// "srt", "vtt", "ass": the extension of the converted file, and the store's name.
[[nodiscard]] std::string_view to_string(SubtitleFormat format);
[[nodiscard]] std::optional<SubtitleFormat> subtitle_format_from(std::string_view name);

// A film's subtitles are tens or hundreds of KiB; an ASS file with karaoke or signs a few MiB.
inline constexpr std::int64_t kMaxSubtitleBytes = std::int64_t{4} << 20;
// Three hours of dialogue is about 2000 cues; karaoke splits lines into many events.
inline constexpr std::size_t kMaxSubtitleCues = 100000;
// No film runs a day: a cue later than this is a broken or hostile file.
inline constexpr std::int64_t kMaxCueMs = std::int64_t{24} * 3600 * 1000;

struct SubtitleCue {
  std::int64_t start_ms = 0;
  std::int64_t end_ms = 0;
  std::string text;  // lines separated by '\n'; SRT's <i>, <b>, <u>, <font> tags kept as sent
};

struct SubtitleDocument {
  SubtitleFormat format = SubtitleFormat::srt;
  TextEncoding source_encoding = TextEncoding::utf8;
  std::string utf8;               // the whole file in UTF-8, line ends made '\n'
  std::vector<SubtitleCue> cues;  // in start order
};

struct SubtitleCheck {
  std::optional<SubtitleDocument> document;
  std::string refusal;  // why not, when document is empty: "line 12: ..." and the like
};

// Reads and checks `bytes` as a subtitle file of `format`.
[[nodiscard]] SubtitleCheck read_subtitle(SubtitleFormat format, std::string_view bytes);

}  // namespace tglink
