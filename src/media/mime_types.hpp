#pragma once
// MIME types of the files people send: guessed from the name when Telegram gave none, and the
// questions the handlers ask of a type (is it a video to stream? audio?).

#include <string>
#include <string_view>

namespace tglink {

inline constexpr std::string_view kOctetStream = "application/octet-stream";

// By the extension after the last '.', case-insensitively ("Movie.MKV" -> video/x-matroska).
// application/octet-stream for no extension or one not in the table.
[[nodiscard]] std::string_view mime_type_for_file_name(std::string_view file_name);

// The same lookup for a bare extension without the dot ("mp4").
[[nodiscard]] std::string_view mime_type_for_extension(std::string_view extension);

// The Content-Type to send: TDLib's type when it says something (not empty, not
// application/octet-stream) and is a well-formed "type/subtype[; params]" of printable ASCII,
// otherwise the guess from the file name. The check matters: the type comes from the uploader's
// client, and a value with CR/LF or junk must never reach a response header.
[[nodiscard]] std::string effective_mime(std::string_view tdlib_mime, std::string_view file_name);

// Any video/* type (parameters and case ignored): the files that get a /stream link.
[[nodiscard]] bool is_streamable_video(std::string_view mime);

// Any audio/* type (parameters and case ignored).
[[nodiscard]] bool is_audio(std::string_view mime);

}  // namespace tglink
