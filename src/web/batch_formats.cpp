#include "web/batch_formats.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <fmt/chrono.h>
#include <fmt/format.h>

#include "core/human_size.hpp"
#include "core/json_writer.hpp"
#include "core/user_text.hpp"
#include "web/page_layout.hpp"
#include "web/player_assets.hpp"
#include "web/player_html.hpp"

namespace tglink {

namespace json = boost::json;

namespace {

constexpr std::string_view kFilesMarker = "<!--files-->";
constexpr std::string_view kStreamMarker = "<!--stream-->";
constexpr std::string_view kPlayMarker = "<!--play-->";

// Replaces the one `marker` line of a filled template with `html`. Filled values cannot hold a
// marker: fill_template escapes every '<'.
std::string put_at(std::string page, std::string_view marker, std::string_view html) {
  const std::size_t at = page.find(marker);
  if (at == std::string::npos) return page;
  std::size_t end = at + marker.size();
  if (end < page.size() && page[end] == '\n') ++end;
  page.replace(at, end - at, html);
  return page;
}

std::string file_row(const BatchEntry& entry) {
  std::string row = fill_template(player_template("batch_file.html"),
                                  TemplateValues{{"kind", entry.kind},
                                                 {"name", entry.name},
                                                 {"size", entry.size_text},
                                                 {"download_url", entry.download_url}});
  const std::string stream = entry.stream_url
                                 ? fill_template(player_template("batch_stream.html"),
                                                 TemplateValues{{"stream_url", *entry.stream_url}})
                                 : std::string();
  const std::string play = entry.player_url
                               ? fill_template(player_template("batch_play.html"),
                                               TemplateValues{{"player_url", *entry.player_url}})
                               : std::string();
  return put_at(put_at(std::move(row), kStreamMarker, stream), kPlayMarker, play);
}

json::value optional_string(const std::optional<std::string>& text) {
  if (!text) return nullptr;
  return json::string(*text);
}

std::int64_t total_size(const BatchListing& listing) {
  std::int64_t total = 0;
  for (const BatchEntry& entry : listing.files) total += entry.size;
  return total;
}

// "2027-01-15T08:00:00Z": expiries are whole seconds.
std::string iso_seconds(SystemTime t) {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", std::chrono::floor<std::chrono::seconds>(t));
}

bool unsafe_in_name(unsigned char c) { return c < 0x20 || c == 0x7f || c == '/' || c == '\\'; }

}  // namespace

std::string batch_html(const BatchListing& listing, std::string_view assets,
                       std::string_view urls_url) {
  std::string rows;
  for (const BatchEntry& entry : listing.files) rows += file_row(entry);
  const std::size_t count = listing.files.size();
  std::string summary = format_size(total_size(listing)) + " in all";
  summary += listing.expires_at ? ". Links expire " + iso_seconds(*listing.expires_at) + "."
                                : ". Links do not expire.";
  std::string page =
      fill_page("batch.html",
                TemplateValues{{"title", fmt::format("{} file{}", count, count == 1 ? "" : "s")},
                               {"assets", std::string(assets)},
                               {"count", std::to_string(count)},
                               {"summary", summary},
                               {"urls_url", std::string(urls_url)}});
  return put_at(std::move(page), kFilesMarker, rows);
}

std::string batch_json(const BatchListing& listing) {
  json::array files;
  for (const BatchEntry& entry : listing.files) {
    // A name that is not UTF-8 would make the whole body invalid JSON (RFC 8259 §8.1).
    files.push_back(json::object{{"name", valid_utf8(entry.name)},
                                 {"size", entry.size},
                                 {"mime_type", entry.mime_type},
                                 {"kind", entry.kind},
                                 {"download_url", entry.download_url},
                                 {"stream_url", optional_string(entry.stream_url)},
                                 {"player_url", optional_string(entry.player_url)}});
  }
  json::value expires = nullptr;
  if (listing.expires_at) expires = json::string(iso_seconds(*listing.expires_at));
  const json::object body{{"status", "success"},
                          {"file_count", static_cast<std::int64_t>(listing.files.size())},
                          {"total_size", total_size(listing)},
                          {"expires_at", std::move(expires)},
                          {"files", std::move(files)}};
  return write_json(body);
}

std::string batch_url_list(const BatchListing& listing) {
  std::string list;
  for (const BatchEntry& entry : listing.files) {
    list += entry.download_url;
    list += "\n  out=";
    list += safe_output_name(entry.name);
    list += "\n";
  }
  return list;
}

std::string safe_output_name(std::string_view name) {
  std::string safe;
  safe.reserve(name.size());
  for (const char c : name) safe += unsafe_in_name(static_cast<unsigned char>(c)) ? '_' : c;
  if (!safe.empty() && safe.front() == '.') safe.front() = '_';
  return safe.empty() ? "file" : safe;
}

}  // namespace tglink
