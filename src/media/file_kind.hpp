#pragma once
// The kinds of file Telegram messages carry, by name, and which of them stream and play. The bot's
// replies (chat/uploads/link_reply.hpp) and the batch page (web/batch_page.hpp) both ask these
// questions, so that the page offers exactly what a reply offers.

#include <optional>
#include <string_view>

namespace tglink {

enum class FileKind { document, video, audio, voice, photo, animation, video_note, sticker };

[[nodiscard]] std::string_view to_string(FileKind kind);
// The kind to_string() named; nullopt for any other name.
[[nodiscard]] std::optional<FileKind> file_kind_named(std::string_view name);

// Videos get the "Play Video" button (a document counts when its MIME type is video/*).
[[nodiscard]] bool is_video(FileKind kind, std::string_view mime_type);
// Video and audio are played from /stream (a document when its MIME type is video/* or
// audio/*); other files only get /dl.
[[nodiscard]] bool is_streamable(FileKind kind, std::string_view mime_type);

}  // namespace tglink
