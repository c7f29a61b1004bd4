#include "media/message_file.hpp"

#include <algorithm>
#include <string>
#include <string_view>

#include "media/mime_types.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/td_object.hpp"

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

// A byte count: TDLib's sizes are int53, 0 until known; a negative one, or one past int53, is
// not a size, so it counts as unknown (0).
std::int64_t byte_count(const json::object& file, std::string_view name) {
  return std::max<std::int64_t>(td_int53(file, name).value_or(0), 0);
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
  const json::object* format = td_object(sticker, "format");
  const std::string_view type = format != nullptr ? td_type(*format) : "";
  if (type == "stickerFormatTgs") return "application/x-tgsticker";
  if (type == "stickerFormatWebm") return "video/webm";
  return "image/webp";
}

// The largest of a photo's sizes: the original as sent, or close to it.
const json::object* largest_photo_file(const json::object& photo) {
  const json::object* best = nullptr;
  std::int64_t best_size = -1;
  const json::array* sizes = td_array(photo, "sizes");
  if (sizes == nullptr) return nullptr;
  for (const json::value& size : *sizes) {
    if (!size.is_object()) continue;
    const json::object* file = td_object(size.as_object(), "photo");
    if (file == nullptr) continue;
    const std::int64_t bytes = td_int53(*file, "size").value_or(0);
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
  result.file_id = td_int32(file, "id").value_or(0);
  result.file.message_id = td_int53(message, "id").value_or(0);
  result.file.size = byte_count(file, "size");
  if (result.file.size == 0) result.file.size = byte_count(file, "expected_size");
  if (const json::object* remote = td_object(file, "remote")) {
    result.file.unique_id = td_string(*remote, "unique_id").value_or("");
  }
  result.file.date_unix = td_int32(message, "date").value_or(0);
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
  const std::string_view type = td_type(format);
  if (type == "thumbnailFormatJpeg") return "image/jpeg";
  if (type == "thumbnailFormatPng") return "image/png";
  if (type == "thumbnailFormatWebp") return "image/webp";
  return "";
}

void add_thumbnail(LocatedFile& result, const json::object& media) {
  const json::object* thumbnail = td_object(media, "thumbnail");
  if (thumbnail == nullptr) return;
  const json::object* format = td_object(*thumbnail, "format");
  const json::object* file = td_object(*thumbnail, "file");
  if (format == nullptr || file == nullptr || poster_mime(*format).empty()) return;
  result.thumbnail_file_id = td_int32(*file, "id").value_or(0);
  result.thumbnail_mime_type = std::string(poster_mime(*format));
}

std::optional<LocatedFile> photo_file(const json::object& message, const json::object& content) {
  const json::object* photo = td_object(content, "photo");
  const json::object* file = photo != nullptr ? largest_photo_file(*photo) : nullptr;
  if (file == nullptr) return std::nullopt;
  static constexpr ContentShape kPhoto{"messagePhoto", "photo", "photo", "photo", "image/jpeg"};
  return located(message, *file, "", "image/jpeg", kPhoto);
}

}  // namespace

std::optional<LocatedFile> file_from_message(const json::object& message) {
  const json::object* content = td_object(message, "content");
  if (content == nullptr) return std::nullopt;
  const std::string_view type = td_type(*content);
  if (type == "messagePhoto") return photo_file(message, *content);
  const ContentShape* shape = shape_of(type);
  if (shape == nullptr) return std::nullopt;
  const json::object* media = td_object(*content, shape->media_field);
  const json::object* file = media != nullptr ? td_object(*media, shape->file_field) : nullptr;
  if (file == nullptr) return std::nullopt;
  std::string mime(td_string(*media, "mime_type").value_or(""));
  if (type == "messageSticker") mime = std::string(sticker_mime(*media));
  const std::string_view name = td_string(*media, "file_name").value_or("");
  LocatedFile result = located(message, *file, std::string(name), mime, *shape);
  if (type != "messageSticker") add_thumbnail(result, *media);
  return result;
}

}  // namespace tglink
