#include "web/player_page.hpp"

#include <regex>
#include <string>

#include <gtest/gtest.h>

#include "core/url_encoding.hpp"
#include "support/fake_clock.hpp"
#include "web/player_assets.hpp"
#include "web/player_routes.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;

class PlayerPageTest : public ::testing::Test {
 protected:
  PlayerPageTest() { config_.base_url = "http://files.example:8080"; }

  std::string token(std::optional<SystemTime> expires_at = std::nullopt) const {
    return links_.encode(LinkClaims{.message_id = 7 << 20, .expires_at = expires_at});
  }

  HttpResponse get_page(std::string_view stream) const {
    HttpRequest request;
    request.method = "GET";
    request.target = "/player?stream=" + url_encode_component(stream);
    return page_.page(request);
  }

  HttpResponse get_asset(std::string target) const {
    HttpRequest request;
    request.method = "GET";
    request.target = std::move(target);
    return page_.asset(request);
  }

  Config config_;
  LinkTokenCodec links_{"player test key"};
  testing::FakeClock clock_{SystemTime{1'800'000'000s}};
  PlayerPage page_{config_, links_, clock_};
};

bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

void expect_security_headers(const HttpResponse& response) {
  EXPECT_EQ(response.header("Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(response.header("Cache-Control"), "no-store");
  EXPECT_EQ(response.header("X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(response.header("Referrer-Policy"), "no-referrer");
  EXPECT_EQ(response.header("X-Frame-Options"), "DENY");
  EXPECT_EQ(response.header("Content-Security-Policy"),
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
            "media-src 'self' http://files.example:8080 blob:; connect-src 'self' "
            "http://files.example:8080; object-src 'none'; base-uri 'none'; form-action 'none'; "
            "frame-ancestors 'none'");
  EXPECT_FALSE(response.header("Location").has_value());
}

// Every script is an external file from this server; no inline script, handler or javascript:.
void expect_no_inline_script(const std::string& body) {
  EXPECT_FALSE(std::regex_search(body, std::regex("<script(?![^>]*\\bsrc=)", std::regex::icase)))
      << body;
  EXPECT_FALSE(std::regex_search(body, std::regex("\\son[a-z]+\\s*=", std::regex::icase)));
  EXPECT_FALSE(contains(body, "javascript:"));
  EXPECT_FALSE(contains(body, " style="));
}

TEST_F(PlayerPageTest, ValidLinkGivesThePlayer) {
  const std::string stream = "http://files.example:8080/stream/" + token() + "/Holiday.mp4";
  const HttpResponse response = get_page(stream);
  EXPECT_EQ(response.status, 200);
  expect_security_headers(response);
  expect_no_inline_script(response.body);
  const std::string& body = response.body;
  EXPECT_TRUE(contains(body, "<title>Holiday.mp4</title>"));
  EXPECT_TRUE(contains(body, "data-stream=\"" + stream + "\""));
  EXPECT_TRUE(contains(body, "<video id=\"video\" class=\"video\" src=\"" + stream + "\""));
  EXPECT_TRUE(contains(body, "data-named=\"1\""));
  EXPECT_TRUE(contains(body, "href=\"http://files.example:8080/dl/" + token() + "/Holiday.mp4\""));
  EXPECT_TRUE(contains(body, "href=\"vlc://" + stream + "\""));
  EXPECT_TRUE(contains(body, "href=\"intent://files.example:8080/stream/"));
  EXPECT_TRUE(contains(body, "href=\"mpv://" + stream + "\""));
  EXPECT_TRUE(
      contains(body, "data-playback=\"http://files.example:8080/api/playback/" + token() + "\""));
  EXPECT_TRUE(contains(body, "data-assets=\"" + page_.asset_base() + "\""));
  EXPECT_TRUE(
      contains(body, "<script src=\"" + page_.asset_base() + "/player.js\" type=\"module\">"));
  EXPECT_TRUE(contains(body, "href=\"" + page_.asset_base() + "/player.css\""));
}

TEST_F(PlayerPageTest, LinkWithoutANameGetsAGenericTitle) {
  const HttpResponse response = get_page("http://files.example:8080/stream/" + token());
  EXPECT_EQ(response.status, 200);
  EXPECT_TRUE(contains(response.body, "<title>Video</title>"));
  EXPECT_TRUE(contains(response.body, "data-named=\"0\""));
}

TEST_F(PlayerPageTest, AssetBaseCarriesTheVersion) {
  EXPECT_EQ(page_.asset_base(), "/player/assets/" + std::string(player_asset_files_version()));
  config_.base_url = "https://h.example/tglink";
  EXPECT_EQ(page_.asset_base(),
            "/tglink/player/assets/" + std::string(player_asset_files_version()));
}

TEST_F(PlayerPageTest, FileNameMarkupIsEscaped) {
  const std::string stream = "http://files.example:8080/stream/" + token() +
                             "/%3Cscript%3Ealert(1)%3C%2Fscript%3E%22%3E%3Cimg%20src%3Dx%3E.mp4";
  const HttpResponse response = get_page(stream);
  EXPECT_EQ(response.status, 200);
  expect_no_inline_script(response.body);
  EXPECT_FALSE(contains(response.body, "<script>alert"));
  EXPECT_FALSE(contains(response.body, "<img"));
  EXPECT_TRUE(contains(response.body,
                       "<title>&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img "
                       "src=x&gt;.mp4</title>"));
}

TEST_F(PlayerPageTest, OtherHostIsRefusedWithoutEchoOrRedirect) {
  const std::string stream = "https://evil.example/stream/" + token();
  const HttpResponse response = get_page(stream);
  EXPECT_EQ(response.status, 400);
  expect_security_headers(response);
  expect_no_inline_script(response.body);
  EXPECT_FALSE(contains(response.body, "evil.example"));
  EXPECT_FALSE(contains(response.body, "<video"));
  EXPECT_TRUE(contains(response.body, "data-reason=\"foreign\""));
  EXPECT_TRUE(contains(response.body, "only plays streaming links made by this server"));
}

TEST_F(PlayerPageTest, ScriptInTheParameterIsRefusedAndNotEchoed) {
  const HttpResponse response = get_page("\"><script>alert(1)</script>");
  EXPECT_EQ(response.status, 400);
  EXPECT_FALSE(contains(response.body, "alert(1)"));
}

TEST_F(PlayerPageTest, MissingParameterIsRefused) {
  HttpRequest request;
  request.method = "GET";
  request.target = "/player";
  const HttpResponse response = page_.page(request);
  EXPECT_EQ(response.status, 400);
  EXPECT_TRUE(contains(response.body, "data-reason=\"missing\""));
}

TEST_F(PlayerPageTest, MalformedOwnLinkIsRefused) {
  const HttpResponse response = get_page("http://files.example:8080/stream/a.b");
  EXPECT_EQ(response.status, 400);
  EXPECT_TRUE(contains(response.body, "data-reason=\"malformed\""));
}

TEST_F(PlayerPageTest, ExpiredLinkSaysSo) {
  const std::string expired = token(clock_.now() - 1h);
  const HttpResponse response = get_page("http://files.example:8080/stream/" + expired);
  EXPECT_EQ(response.status, 410);
  expect_security_headers(response);
  EXPECT_TRUE(contains(response.body, "data-reason=\"expired\""));
  EXPECT_TRUE(contains(response.body, "This link has expired"));
  EXPECT_FALSE(contains(response.body, "<video"));
}

TEST_F(PlayerPageTest, LinkThatExpiresLaterPlays) {
  const std::string later = token(clock_.now() + 1h);
  EXPECT_EQ(get_page("http://files.example:8080/stream/" + later).status, 200);
}

TEST_F(PlayerPageTest, TamperedTokenIsNotValid) {
  std::string tampered = token();
  tampered.back() = tampered.back() == 'A' ? 'B' : 'A';
  const HttpResponse response = get_page("http://files.example:8080/stream/" + tampered);
  EXPECT_EQ(response.status, 404);
  EXPECT_TRUE(contains(response.body, "data-reason=\"invalid\""));
}

TEST_F(PlayerPageTest, CurrentAssetsAreImmutable) {
  for (const std::string_view name : {"player.js", "player.css", "icon.svg"}) {
    const HttpResponse response = get_asset(page_.asset_base() + "/" + std::string(name));
    EXPECT_EQ(response.status, 200) << name;
    EXPECT_EQ(response.header("Cache-Control"), "public, max-age=31536000, immutable");
    EXPECT_EQ(response.header("X-Content-Type-Options"), "nosniff");
    EXPECT_FALSE(response.body.empty());
  }
  EXPECT_EQ(get_asset(page_.asset_base() + "/player.js").header("Content-Type"),
            "text/javascript; charset=utf-8");
  EXPECT_EQ(get_asset(page_.asset_base() + "/player.css").header("Content-Type"),
            "text/css; charset=utf-8");
  EXPECT_EQ(get_asset(page_.asset_base() + "/icon.svg").header("Content-Type"), "image/svg+xml");
}

TEST_F(PlayerPageTest, OldVersionGetsTodaysFileRevalidated) {
  const HttpResponse response = get_asset("/player/assets/0123456789abcdef/player.css");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.header("Cache-Control"), "public, no-cache");
}

TEST_F(PlayerPageTest, UnchangedAssetGets304) {
  HttpRequest request;
  request.method = "GET";
  request.target = page_.asset_base() + "/player.js";
  request.headers.emplace_back("if-none-match",
                               "\"" + std::string(player_asset_files_version()) + "\"");
  const HttpResponse response = page_.asset(request);
  EXPECT_EQ(response.status, 304);
  EXPECT_TRUE(response.body.empty());
}

TEST_F(PlayerPageTest, TemplatesAndUnknownNamesAreNotServed) {
  for (const std::string_view name : {"player.html", "notice.html", "nope.js", "", "../x.js"}) {
    EXPECT_EQ(get_asset(page_.asset_base() + "/" + std::string(name)).status, 404) << name;
  }
  EXPECT_EQ(get_asset("/player/assets/player.js").status, 404);
}

TEST_F(PlayerPageTest, RoutesAreOnTheRouter) {
  Router router;
  add_player_routes(router, page_);
  EXPECT_NE(router.find("/player"), nullptr);
  EXPECT_NE(router.find("/player/assets/v/player.js"), nullptr);
  EXPECT_EQ(router.find("/players"), nullptr);
}

}  // namespace
}  // namespace tglink
