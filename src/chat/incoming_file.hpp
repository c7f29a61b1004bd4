#pragma once
// What the upload flow needs to know about a file a user sent, read from TDLib's message content
// (messageDocument, messageVideo, messageAudio, messageVoiceNote, messagePhoto,
// messageAnimation, messageVideoNote, messageSticker).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>

namespace tglink {

enum class FileKind { document, video, audio, voice, photo, animation, video_note, sticker };

struct IncomingFile {
  FileKind kind = FileKind::document;
  std::string file_name;  // never empty: a name is made up when Telegram has none
  std::string mime_type;  // may be empty
  std::int64_t size = 0;  // bytes; 0 when Telegram does not say
};

// The file in a message's content; nullopt for content without a file (text, location, poll...).
[[nodiscard]] std::optional<IncomingFile> incoming_file(const boost::json::object& content);

// Video and audio are played from /stream; other files only get /dl.
[[nodiscard]] bool is_streamable(const IncomingFile& file);
// Videos get the "Play Video" button (a document counts when its MIME type is video/*).
[[nodiscard]] bool is_video(const IncomingFile& file);

[[nodiscard]] std::string_view to_string(FileKind kind);
// The kind to_string() named; nullopt for any other name.
[[nodiscard]] std::optional<FileKind> file_kind_named(std::string_view name);

}  // namespace tglink
