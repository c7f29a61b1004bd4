#include "web/player_assets.hpp"

#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "support/build_paths.hpp"

namespace tglink {
namespace {

// hls.js, uPlot, JASSUB and libpgs come from npm (node_modules, pinned in package-lock.json); the
// rest from the folder.
std::string source_folder(const std::string& name) {
  if (name == "hls.min.js") return "/node_modules/hls.js/dist/";
  if (name.starts_with("uPlot.")) return "/node_modules/uplot/dist/";
  if (name.starts_with("jassub") || name == "default.woff2") return "/node_modules/jassub/dist/";
  if (name.starts_with("libpgs")) return "/node_modules/libpgs/dist/";
  return "/src/web/assets/";
}

bool is_binary(std::string_view name) {
  return name.ends_with(".wasm") || name.ends_with(".woff2");
}

std::string read_source_asset(const std::string& name) {
  const std::string folder = source_folder(name);
  std::ifstream in(std::string(TGLINK_SOURCE_DIR) + folder + name, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(PlayerAssets, EmbeddedBytesMatchTheSourceFiles) {
  ASSERT_FALSE(player_asset_files().empty());
  for (const EmbeddedFile& file : player_asset_files()) {
    EXPECT_EQ(file.bytes, read_source_asset(std::string(file.name))) << file.name;
  }
}

TEST(PlayerAssets, VersionIsSixteenHexDigits) {
  EXPECT_TRUE(
      std::regex_match(std::string(player_asset_files_version()), std::regex("[0-9a-f]{16}")));
}

TEST(PlayerAssets, OnlyStylesScriptsAndImagesArePublic) {
  EXPECT_TRUE(find_public_player_asset("player.js").has_value());
  EXPECT_TRUE(find_public_player_asset("player.css").has_value());
  EXPECT_TRUE(find_public_player_asset("icon.svg").has_value());
  EXPECT_TRUE(find_public_player_asset("hls.min.js").has_value());
  EXPECT_TRUE(find_public_player_asset("player_session.js").has_value());
  EXPECT_TRUE(find_public_player_asset("dashboard.js").has_value());
  EXPECT_TRUE(find_public_player_asset("uPlot.iife.min.js").has_value());
  EXPECT_TRUE(find_public_player_asset("uPlot.min.css").has_value());
  EXPECT_EQ(find_public_player_asset("jassub-worker.wasm")->content_type, "application/wasm");
  EXPECT_EQ(find_public_player_asset("default.woff2")->content_type, "font/woff2");
  EXPECT_EQ(find_public_player_asset("libpgs.worker.js")->content_type,
            "text/javascript; charset=utf-8");
  EXPECT_FALSE(find_public_player_asset("player.html").has_value());
  EXPECT_FALSE(find_public_player_asset("dashboard.html").has_value());
  EXPECT_FALSE(find_public_player_asset("missing.js").has_value());
}

TEST(PlayerAssets, TemplatesAreThereAndMissingOnesThrow) {
  EXPECT_NE(player_template("player.html").find("{{stream_url}}"), std::string_view::npos);
  EXPECT_NE(player_template("notice.html").find("{{message}}"), std::string_view::npos);
  EXPECT_THROW((void)player_template("nope.html"), std::logic_error);
}

// The assets must load nothing from elsewhere: no absolute URLs in any of them, except names
// that are identifiers and never fetched: the SVG namespace, and in hls.js the TTML styling
// namespace and the ID3-in-emsg scheme, uPlot's licence banner, and the licence and source of
// core-js (the polyfills libpgs carries) in its version record.
// The ASS renderer's wasm and font are data, not pages or scripts: the strings a library's
// tables hold there are never fetched (the browser test watches that nothing is).
TEST(PlayerAssets, NothingComesFromOutside) {
  for (const EmbeddedFile& file : player_asset_files()) {
    if (is_binary(file.name)) continue;
    std::string text(file.bytes);
    for (const std::string identifier :
         {"http://www.w3.org/2000/svg", "http://www.w3.org/ns/ttml#styling",
          "https://aomedia.org/emsg/ID3", "https://github.com/leeoniya/uPlot",
          "https://github.com/zloirock/core-js/blob/v3.50.0/LICENSE",
          "https://github.com/zloirock/core-js"}) {
      for (std::size_t at = text.find(identifier); at != std::string::npos;
           at = text.find(identifier)) {
        text.erase(at, identifier.size());
      }
    }
    EXPECT_EQ(text.find("http://"), std::string::npos) << file.name;
    EXPECT_EQ(text.find("https://"), std::string::npos) << file.name;
    EXPECT_EQ(text.find("//cdn"), std::string::npos) << file.name;
  }
}

}  // namespace
}  // namespace tglink
