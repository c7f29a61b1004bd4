#pragma once
// The player page's files (src/web/assets/), embedded into the binary at build time by
// cmake/EmbedFiles.cmake. Two kinds: the HTML templates the page handler fills in, and the
// public assets (CSS, JS, icon) served under /player/assets/<version>/<name>.

#include <optional>
#include <span>
#include <string_view>

namespace tglink {

struct EmbeddedFile {
  std::string_view name;   // file name inside src/web/assets/, e.g. "player.js"
  std::string_view bytes;  // its exact content
};

// Defined in the generated player_asset_files.cpp: every file, sorted by name.
[[nodiscard]] std::span<const EmbeddedFile> player_asset_files();
// Changes whenever any file changes; part of every asset URL, so those can be cached forever.
[[nodiscard]] std::string_view player_asset_files_version();

struct PublicAsset {
  std::string_view bytes;
  std::string_view content_type;
};

// A file a browser may fetch: CSS, JS or SVG. Templates (.html) and unknown names give nullopt.
[[nodiscard]] std::optional<PublicAsset> find_public_player_asset(std::string_view name);

// A template by file name, e.g. "player.html". Throws std::logic_error when it is missing: that
// is a build mistake, not bad input.
[[nodiscard]] std::string_view player_template(std::string_view name);

}  // namespace tglink
