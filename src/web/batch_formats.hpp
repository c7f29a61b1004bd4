#pragma once
// The three forms of a batch (/b/{token}): an HTML page listing every file with its links, the
// same as JSON for programs, and a plain list of URLs as `aria2c -i` reads it. Pure functions
// over a listing whose links are already signed (web/batch_page.hpp makes it).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"

namespace tglink {

struct BatchEntry {
  std::string name;
  std::int64_t size = 0;
  std::string mime_type;  // may be empty
  std::string kind;       // "video", "document", ... (media/file_kind.hpp)
  std::string size_text;  // "12.3 MB"
  std::string download_url;
  std::optional<std::string> stream_url;  // video and audio only
  std::optional<std::string> player_url;  // video only, when the player is on
};

struct BatchListing {
  std::vector<BatchEntry> files;  // in the order the user sent them
  std::optional<SystemTime> expires_at;
};

// The whole page; every name and URL is HTML-escaped. `assets` is the player's asset prefix
// (PlayerPage::asset_base), `urls_url` the link to the URL list.
[[nodiscard]] std::string batch_html(const BatchListing& listing, std::string_view assets,
                                     std::string_view urls_url);

// {"status":"success","file_count":N,"total_size":B,"expires_at":"…Z"|null,
//  "files":[{"name","size","mime_type","kind","download_url","stream_url","player_url"}]}
// (stream_url and player_url null when the file has none).
[[nodiscard]] std::string batch_json(const BatchListing& listing);

// An aria2c input file: each download URL on a line of its own, followed by an indented
// "out=<name>" line so the file is saved under its own name (made safe by safe_output_name).
[[nodiscard]] std::string batch_url_list(const BatchListing& listing);

// `name` as a plain file name in the current folder: path separators and control characters
// become '_', a leading '.' too (no hidden files, no ".."); "file" when nothing is left.
[[nodiscard]] std::string safe_output_name(std::string_view name);

}  // namespace tglink
