#pragma once
// What the demo sends as its simulated user: a file on disk and how Telegram would see it.

#include <filesystem>
#include <string>

namespace tglink {

struct DemoUpload {
  std::filesystem::path path;
  std::string kind;       // the simulator's kind: video, audio, photo or document
  std::string mime_type;  // e.g. video/mp4
  int duration = 0;       // seconds; 0 when unknown
  int width = 0;
  int height = 0;
};

// How `tglink demo --send FILE` sends a file, from its extension (case-insensitive):
// mp4/mkv/webm/mov as video, mp3/m4a/ogg/flac as audio, jpg/jpeg/png as photo, anything else as
// a document. The MIME type comes from media/mime_types.hpp.
[[nodiscard]] DemoUpload upload_for_file(const std::filesystem::path& path);

}  // namespace tglink
