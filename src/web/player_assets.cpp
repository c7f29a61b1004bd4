#include "web/player_assets.hpp"

#include <stdexcept>
#include <string>

namespace tglink {
namespace {

std::optional<std::string_view> find_file(std::string_view name) {
  for (const EmbeddedFile& file : player_asset_files()) {
    if (file.name == name) return file.bytes;
  }
  return std::nullopt;
}

// Only these extensions are public; everything else in the folder is server-side.
std::optional<std::string_view> public_content_type(std::string_view name) {
  if (name.ends_with(".css")) return "text/css; charset=utf-8";
  if (name.ends_with(".js")) return "text/javascript; charset=utf-8";
  if (name.ends_with(".svg")) return "image/svg+xml";
  if (name.ends_with(".wasm")) return "application/wasm";
  if (name.ends_with(".woff2")) return "font/woff2";
  return std::nullopt;
}

}  // namespace

std::optional<PublicAsset> find_public_player_asset(std::string_view name) {
  const std::optional<std::string_view> type = public_content_type(name);
  if (!type) return std::nullopt;
  const std::optional<std::string_view> bytes = find_file(name);
  if (!bytes) return std::nullopt;
  return PublicAsset{*bytes, *type};
}

std::string_view player_template(std::string_view name) {
  const std::optional<std::string_view> bytes = find_file(name);
  if (!bytes) throw std::logic_error("player template not embedded: " + std::string(name));
  return *bytes;
}

}  // namespace tglink
