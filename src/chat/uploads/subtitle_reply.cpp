#include "chat/uploads/subtitle_reply.hpp"

#include <fmt/format.h>

#include "core/user_text.hpp"

namespace tglink {

namespace {

std::string_view how(PairedBy by) {
  switch (by) {
    case PairedBy::kReply:
      return "you replied to it";
    case PairedBy::kAlbum:
      return "sent in the same album";
    case PairedBy::kName:
      return "same name";
  }
  return "same name";
}

}  // namespace

std::string subtitle_url(std::string_view base_url, std::string_view video_token, std::size_t index,
                         std::string_view extension) {
  return fmt::format("{}/sub/{}/{}.{}", base_url, video_token, index, extension);
}

std::string no_video_refusal() {
  return fmt::format(
      "no video to attach them to (reply to your video with them, send them in the same album, "
      "or send them within {} minutes after it under its name: Film.srt for Film.mkv)",
      kSubtitlePairingWindow.count());
}

void append_subtitle_note(FormattedText& text, const SubtitleNote& note) {
  text.plain("\n\n");
  if (!note.attached) {
    text.bold("Not attached as subtitles: ").plain(text_for_chat(note.refusal)).plain(".");
    return;
  }
  text.bold("Subtitles attached")
      .plain(" to ")
      .bold(text_for_chat(note.video_name, kQuotedTextUnits))
      .plain(fmt::format(" ({}): the player offers them in its Subtitles menu.\n", how(note.by)));
  text.plain("For VLC or mpv (UTF-8 SubRip): ").url(note.subtitle_url).plain("\n");
  text.plain("mpv: ").code(fmt::format("mpv --sub-file={} {}", note.subtitle_url, note.stream_url));
}

}  // namespace tglink
