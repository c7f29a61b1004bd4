#pragma once
// The names files and batches get in a user's WebDAV folder: the real names people sent, made
// safe to be a file name on any client's disk and unique within their folder.
//
// Safe (folder_safe_name): valid UTF-8 (invalid bytes become U+FFFD); the characters that hide or
// change layout (core/user_text.hpp), '/', '\' and the non-characters U+FFFE/U+FFFF become '_',
// and so does a leading '.' (no hidden files, no "." or ".."); at most kMaxFolderNameBytes bytes,
// cut on a character boundary with the extension kept; "file" when nothing is left.
//
// Unique (unique_folder_names): a name met again, compared without regard to ASCII case (macOS
// and Windows mounts fold it), gets " (2)", " (3)", ... before its extension. Names are given
// oldest first, so a file keeps its name when newer files arrive.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tglink {

// Within the 255 bytes of a name on Linux, macOS and Windows, with room for " (NNN)".
inline constexpr std::size_t kMaxFolderNameBytes = 200;

[[nodiscard]] std::string folder_safe_name(std::string_view name);

// `safe_names` (each already folder_safe_name) made unique, in the same order.
[[nodiscard]] std::vector<std::string> unique_folder_names(
    const std::vector<std::string>& safe_names);

}  // namespace tglink
