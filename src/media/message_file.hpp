#pragma once
// The file a log-channel message carries, read from TDLib's message object as one bot sees it.
// Every content type that holds a file is understood: document, video, audio, voice note,
// photo (its largest size), animation, video note and sticker.

#include <cstdint>
#include <optional>

#include <boost/json/object.hpp>

#include "media/file_streamer.hpp"

namespace tglink {

// A stored file plus the id under which one bot's TDLib client knows it. File ids are per
// client: never use one with another bot.
struct LocatedFile {
  StoredFile file;
  std::int32_t file_id = 0;
  // The poster Telegram made for a video, animation or video note (its `thumbnail`), in a format
  // a browser shows (JPEG, PNG, WebP); 0 when there is none.
  std::int32_t thumbnail_file_id = 0;
  std::string thumbnail_mime_type;  // "image/jpeg", ... when thumbnail_file_id is set
};

// The file in a TDLib "message" object; nullopt when the message holds no file (text, poll...).
// A missing file name is made up from the content type and message id ("video_42.mp4"), and
// the MIME type is the effective one (media/mime_types.hpp).
[[nodiscard]] std::optional<LocatedFile> file_from_message(const boost::json::object& message);

}  // namespace tglink
