#include "media/file_kind.hpp"

namespace tglink {

bool is_video(FileKind kind, std::string_view mime_type) {
  switch (kind) {
    case FileKind::video:
    case FileKind::animation:
    case FileKind::video_note:
      return true;
    case FileKind::document:
      return mime_type.starts_with("video/");
    default:
      return false;
  }
}

bool is_streamable(FileKind kind, std::string_view mime_type) {
  if (is_video(kind, mime_type) || kind == FileKind::audio || kind == FileKind::voice) return true;
  return kind == FileKind::document && mime_type.starts_with("audio/");
}

std::string_view to_string(FileKind kind) {
  switch (kind) {
    case FileKind::document:
      return "document";
    case FileKind::video:
      return "video";
    case FileKind::audio:
      return "audio";
    case FileKind::voice:
      return "voice";
    case FileKind::photo:
      return "photo";
    case FileKind::animation:
      return "animation";
    case FileKind::video_note:
      return "video_note";
    case FileKind::sticker:
      return "sticker";
  }
  return "document";
}

std::optional<FileKind> file_kind_named(std::string_view name) {
  for (const FileKind kind :
       {FileKind::document, FileKind::video, FileKind::audio, FileKind::voice, FileKind::photo,
        FileKind::animation, FileKind::video_note, FileKind::sticker}) {
    if (to_string(kind) == name) return kind;
  }
  return std::nullopt;
}

}  // namespace tglink
