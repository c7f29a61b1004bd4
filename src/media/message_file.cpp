#include "media/message_file.hpp"

#include <string>
#include <string_view>

#include "media/mime_types.hpp"

namespace tglink {
namespace {

namespace json = boost::json;

// Where one content type keeps its file, and what to call it when the uploader gave no name.
struct ContentShape {
  std::string_view content_type;  // "messageVideo"
  std::string_view media_field;   // "video": the object inside the content
  std::string_view file_field;    // "video": the file inside that object
  std::string_view name_stem;     // "video" in "video_42.mp4"
  std::string_view default_mime;  // when TDLib gives none
};

constexpr ContentShape kShapes[] = {
    {"messageDocument", "document", "document", "file", "application/octet-stream"},
    {"messageVideo", "video", "video", "video", "video/mp4"},
    {"messageAudio", "audio", "audio", "audio", "audio/mpeg"},
    {"messageVoiceNote", "voice_note", "voice", "voice", "audio/ogg"},
    {"messageAnimation", "animation", "animation", "animation", "video/mp4"},
    {"messageVideoNote", "video_note", "video", "video_note", "video/mp4"},
    {"messageSticker", "sticker", "sticker", "sticker", "image/webp"},
};

const ContentShape* shape_of(std::string_view content_type) {
  for (const ContentShape& shape : kShapes) {
    if (shape.content_type == content_type) return &shape;
  }
  return nullptr;
}

std::string string_field(const json::object& object, std::string_view name) {
  const json::value* value = object.if_contains(name);
  if (value == nullptr || !value->is_string()) return {};
  return std::string(value->as_string());
}

std::int64_t integer_field(const json::object& object, std::string_view name) {
  const json::value* value = object.if_contains(name);
  if (value == nullptr) return 0;
  if (value->is_int64()) return value->as_int64();
  if (value->is_uint64()) return static_cast<std::int64_t>(value->as_uint64());
  if (value->is_string()) {
    try {
      return std::stoll(std::string(value->as_string()));
    } catch (const std::exception&) {
      return 0;
    }
  }
  return 0;
}

// A byte count: TDLib's sizes are int53; anything negative, or past int64 (read above as
// negative), is not a size, so it counts as unknown (0).
std::int64_t byte_count(const json::object& file, std::string_view name) {
  const std::int64_t bytes = integer_field(file, name);
  return bytes > 0 ? bytes : 0;
}

const json::object* object_field(const json::object& object, std::string_view name) {
  const json::value* value = object.if_contains(name);
  return value != nullptr && value->is_object() ? &value->as_object() : nullptr;
}

// "video/mp4" -> "mp4"; the extension a made-up name gets.
std::string_view extension_for_mime(std::string_view mime) {
  static constexpr std::pair<std::string_view, std::string_view> kExtensions[] = {
      {"video/mp4", "mp4"},       {"video/x-matroska", "mkv"},
      {"video/webm", "webm"},     {"video/quicktime", "mov"},
      {"audio/mpeg", "mp3"},      {"audio/ogg", "ogg"},
      {"audio/mp4", "m4a"},       {"audio/x-m4a", "m4a"},
      {"audio/flac", "flac"},     {"image/jpeg", "jpg"},
      {"image/png", "png"},       {"image/webp", "webp"},
      {"image/gif", "gif"},       {"application/pdf", "pdf"},
      {"application/zip", "zip"}, {"application/x-tgsticker", "tgs"},
  };
  for (const auto& [type, extension] : kExtensions) {
    if (mime == type) return extension;
  }
  return "bin";
}

// Stickers come in three formats; each has its own type.
std::string_view sticker_mime(const json::object& sticker) {
  const json::object* format = object_field(sticker, "format");
  const std::string type = format != nullptr ? string_field(*format, "@type") : "";
  if (type == "stickerFormatTgs") return "application/x-tgsticker";
  if (type == "stickerFormatWebm") return "video/webm";
  return "image/webp";
}

// The largest of a photo's sizes: the original as sent, or close to it.
const json::object* largest_photo_file(const json::object& photo) {
  const json::object* best = nullptr;
  std::int64_t best_size = -1;
  const json::value* sizes = photo.if_contains("sizes");
  if (sizes == nullptr || !sizes->is_array()) return nullptr;
  for (const json::value& size : sizes->as_array()) {
    if (!size.is_object()) continue;
    const json::object* file = object_field(size.as_object(), "photo");
    if (file == nullptr) continue;
    const std::int64_t bytes = integer_field(*file, "size");
    if (bytes > best_size) {
      best = file;
      best_size = bytes;
    }
  }
  return best;
}

std::string made_up_name(std::string_view stem, std::int64_t message_id, std::string_view mime) {
  return std::string(stem) + "_" + std::to_string(message_id >> 20) + "." +
         std::string(extension_for_mime(mime));
}

// A type TDLib gave that says something; otherwise empty.
std::string_view meaningful(std::string_view mime) { return mime == kOctetStream ? "" : mime; }

LocatedFile located(const json::object& message, const json::object& file, std::string name,
                    std::string_view tdlib_mime, const ContentShape& shape) {
  LocatedFile result;
  result.file_id = static_cast<std::int32_t>(integer_field(file, "id"));
  result.file.message_id = integer_field(message, "id");
  result.file.size = byte_count(file, "size");
  if (result.file.size == 0) result.file.size = byte_count(file, "expected_size");
  if (const json::object* remote = object_field(file, "remote")) {
    result.file.unique_id = string_field(*remote, "unique_id");
  }
  result.file.date_unix = integer_field(message, "date");
  tdlib_mime = meaningful(tdlib_mime);
  if (name.empty()) {
    // Without a name the extension cannot help, so the content type's usual format stands in.
    if (tdlib_mime.empty()) tdlib_mime = shape.default_mime;
    name = made_up_name(shape.name_stem, result.file.message_id, tdlib_mime);
  }
  result.file.mime_type = effective_mime(tdlib_mime, name);
  result.file.file_name = std::move(name);
  return result;
}

// thumbnailFormatJpeg, -Png, -Webp: what an <img> or a <video poster> shows; "" for others
// (GIF and MPEG-4 thumbnails of animations, TGS and WebM ones of stickers).
std::string_view poster_mime(const json::object& format) {
  const std::string type = string_field(format, "@type");
  if (type == "thumbnailFormatJpeg") return "image/jpeg";
  if (type == "thumbnailFormatPng") return "image/png";
  if (type == "thumbnailFormatWebp") return "image/webp";
  return "";
}

void add_thumbnail(LocatedFile& result, const json::object& media) {
  const json::object* thumbnail = object_field(media, "thumbnail");
  if (thumbnail == nullptr) return;
  const json::object* format = object_field(*thumbnail, "format");
  const json::object* file = object_field(*thumbnail, "file");
  if (format == nullptr || file == nullptr || poster_mime(*format).empty()) return;
  result.thumbnail_file_id = static_cast<std::int32_t>(integer_field(*file, "id"));
  result.thumbnail_mime_type = std::string(poster_mime(*format));
}

std::optional<LocatedFile> photo_file(const json::object& message, const json::object& content) {
  const json::object* photo = object_field(content, "photo");
  const json::object* file = photo != nullptr ? largest_photo_file(*photo) : nullptr;
  if (file == nullptr) return std::nullopt;
  static constexpr ContentShape kPhoto{"messagePhoto", "photo", "photo", "photo", "image/jpeg"};
  return located(message, *file, "", "image/jpeg", kPhoto);
}

}  // namespace

std::optional<LocatedFile> file_from_message(const json::object& message) {
  const json::object* content = object_field(message, "content");
  if (content == nullptr) return std::nullopt;
  const std::string type = string_field(*content, "@type");
  if (type == "messagePhoto") return photo_file(message, *content);
  const ContentShape* shape = shape_of(type);
  if (shape == nullptr) return std::nullopt;
  const json::object* media = object_field(*content, shape->media_field);
  const json::object* file = media != nullptr ? object_field(*media, shape->file_field) : nullptr;
  if (file == nullptr) return std::nullopt;
  std::string mime = string_field(*media, "mime_type");
  if (type == "messageSticker") mime = std::string(sticker_mime(*media));
  LocatedFile result = located(message, *file, string_field(*media, "file_name"), mime, *shape);
  if (type != "messageSticker") add_thumbnail(result, *media);
  return result;
}

}  // namespace tglink
