#include "chat/incoming_file.hpp"

#include <array>

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

const json::object* object_at(const json::object& parent, std::string_view key) {
  const json::value* value = parent.if_contains(key);
  return value != nullptr && value->is_object() ? &value->get_object() : nullptr;
}

std::string string_at(const json::object& parent, std::string_view key) {
  const json::value* value = parent.if_contains(key);
  return value != nullptr && value->is_string() ? std::string(value->get_string()) : std::string();
}

std::int64_t file_size(const json::object& file) {
  for (const std::string_view key : {"size", "expected_size"}) {
    const json::value* value = file.if_contains(key);
    if (value != nullptr && value->is_int64() && value->get_int64() > 0) return value->get_int64();
  }
  return 0;
}

// The largest size of a photo: the one a person would want to download.
std::optional<IncomingFile> photo_file(const json::object& content) {
  const json::object* photo = object_at(content, "photo");
  const json::value* sizes = photo == nullptr ? nullptr : photo->if_contains("sizes");
  if (sizes == nullptr || !sizes->is_array() || sizes->get_array().empty()) return std::nullopt;
  std::optional<IncomingFile> best;
  for (const json::value& size : sizes->get_array()) {
    const json::object* file = size.is_object() ? object_at(size.get_object(), "photo") : nullptr;
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
  const std::string type = string_at(content, "@type");
  if (type == "messagePhoto") return photo_file(content);
  for (const ContentShape& shape : kShapes) {
    if (type != shape.content_type) continue;
    const json::object* media = object_at(content, shape.media_field);
    const json::object* file = media == nullptr ? nullptr : object_at(*media, shape.file_field);
    if (file == nullptr) return std::nullopt;
    IncomingFile incoming{shape.kind, string_at(*media, "file_name"),
                          string_at(*media, "mime_type"), file_size(*file)};
    if (incoming.file_name.empty()) incoming.file_name = shape.default_name;
    if (incoming.mime_type.empty()) incoming.mime_type = default_mime(shape.kind);
    return incoming;
  }
  return std::nullopt;
}

}  // namespace tglink
