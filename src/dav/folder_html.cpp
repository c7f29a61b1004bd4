#include "dav/folder_html.hpp"

#include <fmt/format.h>

#include "core/human_size.hpp"
#include "web/page_layout.hpp"
#include "web/player_assets.hpp"
#include "web/player_html.hpp"

namespace tglink {

namespace {

constexpr std::string_view kEntriesMarker = "<!--entries-->";

std::string entry_row(const FolderIndexEntry& entry) {
  return fill_template(player_template("dav_entry.html"),
                       TemplateValues{{"kind", entry.folder ? "folder" : "file"},
                                      {"href", entry.href},
                                      {"name", entry.folder ? entry.name + "/" : entry.name},
                                      {"size", entry.folder ? "folder" : format_size(entry.size)}});
}

std::string summary_of(const FolderIndex& index) {
  std::size_t files = 0;
  std::int64_t bytes = 0;
  for (const FolderIndexEntry& entry : index.entries) {
    if (entry.folder) continue;
    ++files;
    bytes += entry.size;
  }
  const std::size_t folders = index.entries.size() - files;
  std::string summary =
      fmt::format("{} file{}, {}", files, files == 1 ? "" : "s", format_size(bytes));
  if (folders > 0) summary += fmt::format(", and {} batch{}", folders, folders == 1 ? "" : "es");
  return summary + ".";
}

}  // namespace

std::string folder_index_html(const FolderIndex& index, std::string_view assets) {
  std::string rows;
  if (!index.parent_href.empty()) {
    rows += entry_row(FolderIndexEntry{"..", index.parent_href, true, 0});
  }
  for (const FolderIndexEntry& entry : index.entries) rows += entry_row(entry);
  std::string page =
      fill_page("dav_folder.html", TemplateValues{{"title", index.title},
                                                  {"assets", std::string(assets)},
                                                  {"count", std::to_string(index.entries.size())},
                                                  {"summary", summary_of(index)},
                                                  {"playlist_url", index.playlist_url}});
  const std::size_t at = page.find(kEntriesMarker);
  if (at == std::string::npos) return page;
  std::size_t end = at + kEntriesMarker.size();
  if (end < page.size() && page[end] == '\n') ++end;
  page.replace(at, end - at, rows);
  return page;
}

}  // namespace tglink
