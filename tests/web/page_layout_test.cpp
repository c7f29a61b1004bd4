#include "web/page_layout.hpp"

#include <string>

#include <gtest/gtest.h>

#include "support/text_contains.hpp"

namespace tglink {
namespace {

using testing::count_of;

TEST(PageLayout, ANoticeIsOneWholeDocumentWithTheLayoutsHeadAndItsOwnBody) {
  const std::string page = fill_page("notice.html", {{"title", "Gone"},
                                                     {"assets", "/player/assets/v1"},
                                                     {"reason", "expired"},
                                                     {"heading", "Gone"},
                                                     {"message", "This link has expired."}});
  EXPECT_EQ(page.rfind("<!doctype html>\n", 0), 0U);
  EXPECT_EQ(count_of(page, "<head>"), 1U);
  EXPECT_EQ(count_of(page, "<body>"), 1U);
  EXPECT_NE(page.find("<title>Gone</title>"), std::string::npos);
  EXPECT_NE(page.find(R"(<meta name="referrer" content="no-referrer">)"), std::string::npos);
  EXPECT_NE(page.find(R"(href="/player/assets/v1/player.css")"), std::string::npos);
  EXPECT_LT(page.find("</head>"), page.find("This link has expired."));
  EXPECT_EQ(page.find("<!-- body -->"), std::string::npos);
  EXPECT_EQ(page.find("{{"), std::string::npos);
  EXPECT_TRUE(page.ends_with("</main>\n</body>\n</html>\n"));
}

TEST(PageLayout, APagesOwnHeadLinesGoInsideTheHead) {
  TemplateValues values{
      {"title", "t"}, {"assets", "/a"}, {"count", "0"}, {"summary", "s"}, {"urls_url", "/u"}};
  const std::string page = fill_page("batch.html", values);
  const std::size_t batch_css = page.find(R"(href="/a/batch.css")");
  ASSERT_NE(batch_css, std::string::npos);
  EXPECT_LT(batch_css, page.find("</head>"));
}

TEST(PageLayout, AValueThatLooksLikeASlotStaysText) {
  const std::string page = fill_page("notice.html", {{"title", "{{>body}}"},
                                                     {"assets", "/a"},
                                                     {"reason", "r"},
                                                     {"heading", "<b>{{>head}}</b>"},
                                                     {"message", "m"}});
  EXPECT_NE(page.find("<title>{{&gt;body}}</title>"), std::string::npos);
  EXPECT_NE(page.find("&lt;b&gt;{{&gt;head}}&lt;/b&gt;"), std::string::npos);
  EXPECT_EQ(count_of(page, "<body>"), 1U);
}

TEST(PageLayout, AMissingTemplateIsAProgrammingMistake) {
  EXPECT_THROW((void)fill_page("nope.html", {{"title", "t"}, {"assets", "/a"}}), std::logic_error);
}

}  // namespace
}  // namespace tglink
