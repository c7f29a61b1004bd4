#include "chat/messages/incoming_file.hpp"

#include <array>

#include "telegram/td_fields.hpp"
#include "telegram/td_object.hpp"

namespace tglink {

namespace json = boost::json;

namespace {

// Where each content type keeps its media object and, inside it, the file object.
struct ContentShape {
  std::string_view content_type;
  std::string_view media_field;
  std::string_view file_field;
  FileKind kind;
  std::string_view default_name;  // used when the media has no file_name
};

constexpr std::array<ContentShape, 7> kShapes{{
    {"messageDocument", "document", "document", FileKind::document, "file"},
    {"messageVideo", "video", "video", FileKind::video, "video.mp4"},
    {"messageAudio", "audio", "audio", FileKind::audio, "audio.mp3"},
    {"messageVoiceNote", "voice_note", "voice", FileKind::voice, "voice.ogg"},
    {"messageAnimation", "animation", "animation", FileKind::animation, "animation.mp4"},
    {"messageVideoNote", "video_note", "video", FileKind::video_note, "video_note.mp4"},
    {"messageSticker", "sticker", "sticker", FileKind::sticker, "sticker.webp"},
}};

// A known size: TDLib gives 0 until it knows one, and then perhaps only the expected one.
std::int64_t file_size(const json::object& file) {
  for (const std::string_view key : {"size", "expected_size"}) {
    if (const std::int64_t bytes = td_int53(file, key).value_or(0); bytes > 0) return bytes;
  }
  return 0;
}

// The largest size of a photo: the one a person would want to download.
std::optional<IncomingFile> photo_file(const json::object& content) {
  const json::array* sizes = td_array(content, "photo.sizes");
  if (sizes == nullptr || sizes->empty()) return std::nullopt;
  std::optional<IncomingFile> best;
  for (const json::value& size : *sizes) {
    const json::object* file = size.is_object() ? td_object(size.get_object(), "photo") : nullptr;
    if (file == nullptr) continue;
    const std::int64_t bytes = file_size(*file);
    if (!best || bytes > best->size) {
      best = IncomingFile{FileKind::photo, "photo.jpg", "image/jpeg", bytes};
    }
  }
  return best;
}

std::string default_mime(FileKind kind) {
  switch (kind) {
    case FileKind::video:
    case FileKind::animation:
    case FileKind::video_note:
      return "video/mp4";
    case FileKind::audio:
      return "audio/mpeg";
    case FileKind::voice:
      return "audio/ogg";
    case FileKind::sticker:
      return "image/webp";
    case FileKind::photo:
      return "image/jpeg";
    case FileKind::document:
      break;
  }
  return "";
}

}  // namespace

std::optional<IncomingFile> incoming_file(const json::object& content) {
  const std::string_view type = td_type(content);
  if (type == "messagePhoto") return photo_file(content);
  for (const ContentShape& shape : kShapes) {
    if (type != shape.content_type) continue;
    const json::object* media = td_object(content, shape.media_field);
    const json::object* file = media == nullptr ? nullptr : td_object(*media, shape.file_field);
    if (file == nullptr) return std::nullopt;
    IncomingFile incoming{shape.kind, std::string(td_string(*media, "file_name").value_or("")),
                          std::string(td_string(*media, "mime_type").value_or("")),
                          file_size(*file)};
    if (incoming.file_name.empty()) incoming.file_name = shape.default_name;
    if (incoming.mime_type.empty()) incoming.mime_type = default_mime(shape.kind);
    return incoming;
  }
  return std::nullopt;
}

}  // namespace tglink
