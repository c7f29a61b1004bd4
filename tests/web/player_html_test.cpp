#include "web/player_html.hpp"

#include <stdexcept>

#include <gtest/gtest.h>

#include "web/player_links.hpp"

namespace tglink {
namespace {

TEST(PlayerHtml, EscapesEveryCharacterThatCanEndTextOrAnAttribute) {
  EXPECT_EQ(html_escape("<a href=\"x\" title='y'>&amp;</a>"),
            "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;");
  EXPECT_EQ(html_escape("plain \xC3\xA9 text"), "plain \xC3\xA9 text");
  EXPECT_EQ(html_escape(""), "");
}

TEST(PlayerHtml, FillsPlaceholdersWithEscapedValues) {
  const TemplateValues values{{"title", "<b>\"Film\"</b>"}, {"url", "https://h/s?a=1&b=2"}};
  EXPECT_EQ(fill_template("<h1>{{title}}</h1><a href=\"{{url}}\">{{title}}</a>", values),
            "<h1>&lt;b&gt;&quot;Film&quot;&lt;/b&gt;</h1>"
            "<a href=\"https://h/s?a=1&amp;b=2\">&lt;b&gt;&quot;Film&quot;&lt;/b&gt;</a>");
}

TEST(PlayerHtml, ValuesAreNeverScannedForPlaceholders) {
  const TemplateValues values{{"a", "{{b}}"}, {"b", "no"}};
  EXPECT_EQ(fill_template("{{a}}|{{b}}", values), "{{b}}|no");
}

TEST(PlayerHtml, TextWithoutPlaceholdersIsCopied) {
  EXPECT_EQ(fill_template("no placeholders } { here", {}), "no placeholders } { here");
}

TEST(PlayerHtml, MissingValueNamesThePlaceholder) {
  try {
    (void)fill_template("<p>{{nope}}</p>", {});
    FAIL() << "expected logic_error";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("{{nope}}"), std::string::npos) << e.what();
  }
}

TEST(PlayerHtml, UnclosedPlaceholderThrows) {
  EXPECT_THROW((void)fill_template("<p>{{title</p>", {{"title", "x"}}), std::logic_error);
}

TEST(PlayerLinks, VlcWrapsTheStreamUrl) {
  EXPECT_EQ(vlc_url("https://h.example/stream/tok"), "vlc://https://h.example/stream/tok");
}

TEST(PlayerLinks, MpvWrapsTheStreamUrl) {
  EXPECT_EQ(mpv_url("https://h.example/stream/tok"), "mpv://https://h.example/stream/tok");
}

TEST(PlayerLinks, MxPlayerIntentKeepsSchemeApartAndEncodesTheTitle) {
  EXPECT_EQ(mx_player_url("https://h.example:8443/stream/tok/a%20b.mkv", "a b;c.mkv"),
            "intent://h.example:8443/stream/tok/a%20b.mkv#Intent;scheme=https;type=video/*;"
            "package=com.mxtech.videoplayer.ad;S.title=a%20b%3Bc.mkv;end");
  EXPECT_EQ(mx_player_url("http://h/stream/t", "Video"),
            "intent://h/stream/t#Intent;scheme=http;type=video/*;"
            "package=com.mxtech.videoplayer.ad;S.title=Video;end");
}

}  // namespace
}  // namespace tglink
