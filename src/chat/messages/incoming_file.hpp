#pragma once
// What the upload flow needs to know about a file a user sent, read from TDLib's message content
// (messageDocument, messageVideo, messageAudio, messageVoiceNote, messagePhoto,
// messageAnimation, messageVideoNote, messageSticker).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>

#include "media/file_kind.hpp"

namespace tglink {

struct IncomingFile {
  FileKind kind = FileKind::document;
  std::string file_name;  // never empty: a name is made up when Telegram has none
  std::string mime_type;  // may be empty
  std::int64_t size = 0;  // bytes; 0 when Telegram does not say
};

// The file in a message's content; nullopt for content without a file (text, location, poll...).
[[nodiscard]] std::optional<IncomingFile> incoming_file(const boost::json::object& content);

// media/file_kind.hpp's rules, for a file a user sent.
[[nodiscard]] inline bool is_streamable(const IncomingFile& file) {
  return is_streamable(file.kind, file.mime_type);
}
[[nodiscard]] inline bool is_video(const IncomingFile& file) {
  return is_video(file.kind, file.mime_type);
}

}  // namespace tglink
