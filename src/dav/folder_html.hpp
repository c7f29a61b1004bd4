#pragma once
// The plain HTML index a browser gets for GET on a WebDAV folder (/dav/{token}/, or a batch's
// folder in it): each file and sub-folder as a link, with its size, and the folder's playlist.
// Under the batch page's rules (web/batch_page.hpp): no script at all, every name HTML-escaped,
// every href a percent-encoded path (dav/multistatus.hpp dav_href). Pure.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tglink {

struct FolderIndexEntry {
  std::string name;
  std::string href;  // percent-encoded, ending in '/' for a folder
  bool folder = false;
  std::int64_t size = 0;  // files only
};

struct FolderIndex {
  std::string title;  // "Your files", or the batch folder's name
  std::vector<FolderIndexEntry> entries;
  std::string parent_href;  // "" at the root
  std::string playlist_url;
};

// `assets` is the player's asset prefix (PlayerPage::asset_base), for the stylesheet.
[[nodiscard]] std::string folder_index_html(const FolderIndex& index, std::string_view assets);

}  // namespace tglink
