#include "media/mime_types.hpp"

#include <array>
#include <utility>

namespace tglink {
namespace {

using ExtensionType = std::pair<std::string_view, std::string_view>;

// Lowercase extensions. Video and audio first: those are what the service streams.
constexpr std::array kTypes = {
    // video
    ExtensionType{"mp4", "video/mp4"},
    ExtensionType{"m4v", "video/x-m4v"},
    ExtensionType{"mkv", "video/x-matroska"},
    ExtensionType{"webm", "video/webm"},
    ExtensionType{"mov", "video/quicktime"},
    ExtensionType{"avi", "video/x-msvideo"},
    ExtensionType{"3gp", "video/3gpp"},
    ExtensionType{"3g2", "video/3gpp2"},
    ExtensionType{"wmv", "video/x-ms-wmv"},
    ExtensionType{"flv", "video/x-flv"},
    ExtensionType{"ts", "video/mp2t"},
    ExtensionType{"m2ts", "video/mp2t"},
    ExtensionType{"mts", "video/mp2t"},
    ExtensionType{"mpg", "video/mpeg"},
    ExtensionType{"mpeg", "video/mpeg"},
    ExtensionType{"ogv", "video/ogg"},
    // audio
    ExtensionType{"mp3", "audio/mpeg"},
    ExtensionType{"m4a", "audio/mp4"},
    ExtensionType{"aac", "audio/aac"},
    ExtensionType{"ogg", "audio/ogg"},
    ExtensionType{"oga", "audio/ogg"},
    ExtensionType{"opus", "audio/ogg"},
    ExtensionType{"flac", "audio/flac"},
    ExtensionType{"wav", "audio/wav"},
    ExtensionType{"ac3", "audio/ac3"},
    ExtensionType{"wma", "audio/x-ms-wma"},
    ExtensionType{"mka", "audio/x-matroska"},
    ExtensionType{"amr", "audio/amr"},
    ExtensionType{"mid", "audio/midi"},
    ExtensionType{"midi", "audio/midi"},
    // subtitles
    ExtensionType{"srt", "application/x-subrip"},
    ExtensionType{"vtt", "text/vtt"},
    // images
    ExtensionType{"jpg", "image/jpeg"},
    ExtensionType{"jpeg", "image/jpeg"},
    ExtensionType{"png", "image/png"},
    ExtensionType{"gif", "image/gif"},
    ExtensionType{"webp", "image/webp"},
    ExtensionType{"bmp", "image/bmp"},
    ExtensionType{"svg", "image/svg+xml"},
    ExtensionType{"ico", "image/vnd.microsoft.icon"},
    ExtensionType{"tif", "image/tiff"},
    ExtensionType{"tiff", "image/tiff"},
    ExtensionType{"heic", "image/heic"},
    ExtensionType{"heif", "image/heif"},
    ExtensionType{"avif", "image/avif"},
    // documents
    ExtensionType{"pdf", "application/pdf"},
    ExtensionType{"txt", "text/plain"},
    ExtensionType{"md", "text/markdown"},
    ExtensionType{"csv", "text/csv"},
    ExtensionType{"htm", "text/html"},
    ExtensionType{"html", "text/html"},
    ExtensionType{"json", "application/json"},
    ExtensionType{"xml", "application/xml"},
    ExtensionType{"rtf", "application/rtf"},
    ExtensionType{"epub", "application/epub+zip"},
    ExtensionType{"doc", "application/msword"},
    ExtensionType{"docx",
                  "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
    ExtensionType{"xls", "application/vnd.ms-excel"},
    ExtensionType{"xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
    ExtensionType{"ppt", "application/vnd.ms-powerpoint"},
    ExtensionType{"pptx",
                  "application/vnd.openxmlformats-officedocument.presentationml.presentation"},
    ExtensionType{"odt", "application/vnd.oasis.opendocument.text"},
    ExtensionType{"ods", "application/vnd.oasis.opendocument.spreadsheet"},
    ExtensionType{"odp", "application/vnd.oasis.opendocument.presentation"},
    // archives and packages
    ExtensionType{"zip", "application/zip"},
    ExtensionType{"rar", "application/vnd.rar"},
    ExtensionType{"7z", "application/x-7z-compressed"},
    ExtensionType{"tar", "application/x-tar"},
    ExtensionType{"gz", "application/gzip"},
    ExtensionType{"tgz", "application/gzip"},
    ExtensionType{"bz2", "application/x-bzip2"},
    ExtensionType{"xz", "application/x-xz"},
    ExtensionType{"zst", "application/zstd"},
    ExtensionType{"iso", "application/x-iso9660-image"},
    ExtensionType{"apk", "application/vnd.android.package-archive"},
    ExtensionType{"deb", "application/vnd.debian.binary-package"},
    ExtensionType{"dmg", "application/x-apple-diskimage"},
    ExtensionType{"exe", "application/vnd.microsoft.portable-executable"},
};

char lower_ascii(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::string lowercase(std::string_view text) {
  std::string lowered(text);
  for (char& c : lowered) c = lower_ascii(c);
  return lowered;
}

// tchar of RFC 9110 §5.6.2.
bool is_token_char(char c) {
  if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) return true;
  return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

bool is_token(std::string_view text) {
  if (text.empty()) return false;
  for (const char c : text) {
    if (!is_token_char(c)) return false;
  }
  return true;
}

std::string_view trim_spaces(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

// "type/subtype" before any ';', trimmed of spaces.
std::string_view essence(std::string_view mime) {
  return trim_spaces(mime.substr(0, mime.find(';')));
}

bool is_printable_ascii(std::string_view text) {
  for (const char c : text) {
    if (c < 0x20 || c > 0x7E) return false;
  }
  return true;
}

bool is_well_formed(std::string_view mime) {
  const std::string_view type_subtype = essence(mime);
  const std::size_t slash = type_subtype.find('/');
  return is_printable_ascii(mime) && slash != std::string_view::npos &&
         is_token(type_subtype.substr(0, slash)) && is_token(type_subtype.substr(slash + 1));
}

bool has_top_level_type(std::string_view mime, std::string_view type) {
  const std::string lowered = lowercase(essence(mime));
  return lowered.size() > type.size() + 1 && lowered.starts_with(type) &&
         lowered[type.size()] == '/';
}

}  // namespace

std::string_view mime_type_for_extension(std::string_view extension) {
  const std::string lowered = lowercase(extension);
  for (const auto& [known, type] : kTypes) {
    if (lowered == known) return type;
  }
  return kOctetStream;
}

std::string_view mime_type_for_file_name(std::string_view file_name) {
  const std::size_t dot = file_name.rfind('.');
  const std::size_t separator = file_name.find_last_of("/\\");
  if (dot == std::string_view::npos) return kOctetStream;
  if (separator != std::string_view::npos && separator > dot) return kOctetStream;
  return mime_type_for_extension(file_name.substr(dot + 1));
}

std::string effective_mime(std::string_view tdlib_mime, std::string_view file_name) {
  const bool says_nothing =
      essence(tdlib_mime).empty() || lowercase(essence(tdlib_mime)) == kOctetStream;
  if (says_nothing || !is_well_formed(tdlib_mime)) {
    return std::string(mime_type_for_file_name(file_name));
  }
  return std::string(trim_spaces(tdlib_mime));
}

bool is_streamable_video(std::string_view mime) { return has_top_level_type(mime, "video"); }

bool is_audio(std::string_view mime) { return has_top_level_type(mime, "audio"); }

}  // namespace tglink
