#include "app/demo_upload.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "media/mime_types.hpp"

namespace tglink {
namespace {

struct KindByExtension {
  std::string_view extension;
  std::string_view kind;
};

// The formats Telegram clients send as media rather than as a plain file.
constexpr std::array<KindByExtension, 11> kMediaKinds{{
    {"mp4", "video"},
    {"mkv", "video"},
    {"webm", "video"},
    {"mov", "video"},
    {"mp3", "audio"},
    {"m4a", "audio"},
    {"ogg", "audio"},
    {"flac", "audio"},
    {"jpg", "photo"},
    {"jpeg", "photo"},
    {"png", "photo"},
}};

std::string lower_extension(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  if (!extension.empty()) extension.erase(0, 1);  // the dot
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

}  // namespace

DemoUpload upload_for_file(const std::filesystem::path& path) {
  DemoUpload upload;
  upload.path = path;
  upload.kind = "document";
  upload.mime_type = std::string(mime_type_for_file_name(path.filename().string()));
  const std::string extension = lower_extension(path);
  for (const KindByExtension& entry : kMediaKinds) {
    if (entry.extension == extension) upload.kind = std::string(entry.kind);
  }
  return upload;
}

}  // namespace tglink
