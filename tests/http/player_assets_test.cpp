#include "http/player_assets.hpp"

#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

namespace tglink {
namespace {

std::string read_source_asset(const std::string& name) {
  std::ifstream in(std::string(TGLINK_SOURCE_DIR) + "/src/http/assets/" + name, std::ios::binary);
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
  EXPECT_FALSE(find_public_player_asset("player.html").has_value());
  EXPECT_FALSE(find_public_player_asset("missing.js").has_value());
}

TEST(PlayerAssets, TemplatesAreThereAndMissingOnesThrow) {
  EXPECT_NE(player_template("player.html").find("{{stream_url}}"), std::string_view::npos);
  EXPECT_NE(player_template("notice.html").find("{{message}}"), std::string_view::npos);
  EXPECT_THROW((void)player_template("nope.html"), std::logic_error);
}

// The assets must load nothing from elsewhere: no absolute URLs in any of them, except the SVG
// namespace name, which is an identifier and is never fetched.
TEST(PlayerAssets, NothingComesFromOutside) {
  for (const EmbeddedFile& file : player_asset_files()) {
    std::string text(file.bytes);
    const std::string svg_namespace = "http://www.w3.org/2000/svg";
    for (std::size_t at = text.find(svg_namespace); at != std::string::npos;
         at = text.find(svg_namespace)) {
      text.erase(at, svg_namespace.size());
    }
    EXPECT_EQ(text.find("http://"), std::string::npos) << file.name;
    EXPECT_EQ(text.find("https://"), std::string::npos) << file.name;
    EXPECT_EQ(text.find("//cdn"), std::string::npos) << file.name;
  }
}

}  // namespace
}  // namespace tglink
