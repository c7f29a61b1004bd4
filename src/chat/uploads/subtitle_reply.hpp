#pragma once
// What the bot adds to its reply to a subtitle file sent beside a video: the video it was
// attached to and how it was paired, with the links VLC and mpv take; or, when it was not
// attached, why not, in words the user can act on.

#include <cstddef>
#include <string>
#include <string_view>

#include "chat/messages/formatted_text.hpp"
#include "chat/uploads/subtitle_pairing.hpp"

namespace tglink {

struct SubtitleNote {
  bool attached = false;
  std::string video_name;  // the video it went with, when attached
  PairedBy by = PairedBy::kName;
  std::string subtitle_url;  // /sub/{video token}/{k}.srt, when attached
  std::string stream_url;    // the video's /stream link, when attached
  std::string refusal;       // why not, when not attached
};

// "{base_url}/sub/{video token}/{index}.{extension}": the subtitle the video's link serves as
// UTF-8 WebVTT (vtt), SubRip (srt) or the ASS script (ass).
[[nodiscard]] std::string subtitle_url(std::string_view base_url, std::string_view video_token,
                                       std::size_t index, std::string_view extension);

// The refusal when no video was found to attach the subtitle to.
[[nodiscard]] std::string no_video_refusal();

// Appends the note as its own paragraph.
void append_subtitle_note(FormattedText& text, const SubtitleNote& note);

}  // namespace tglink
