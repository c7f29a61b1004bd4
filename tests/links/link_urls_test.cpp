#include "links/link_urls.hpp"

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_result_for;

TEST(LinkUrls, DownloadAndStreamUrlsPutTheTokenAfterTheRoute) {
  EXPECT_EQ(download_url("https://files.example", "AbC_1"), "https://files.example/dl/AbC_1");
  EXPECT_EQ(stream_url("https://files.example", "AbC_1"), "https://files.example/stream/AbC_1");
}

TEST(LinkUrls, PlayerLinkCarriesTheWholeStreamUrlPercentEncoded) {
  EXPECT_EQ(player_link("https://play.example/", "http://h:8080/stream/A-b_c"),
            "https://play.example/?stream=http%3A%2F%2Fh%3A8080%2Fstream%2FA-b_c");
}

TEST(LinkUrls, PlayerLinkAppendsToAnExistingQuery) {
  EXPECT_EQ(player_link("https://p.example/?theme=dark", "x"),
            "https://p.example/?theme=dark&stream=x");
}

TEST(LinkUrls, TokenFromLinkAcceptsLinksNamesAndBareTokens) {
  expect_result_for(token_from_link, "TOKEN",
                    {"https://h/dl/TOKEN", "  https://h/stream/TOKEN?x=1 ",
                     "https://h/dl/TOKEN/video.mp4", "TOKEN"});
  EXPECT_EQ(token_from_link("https://h/dl/"), "");
}

}  // namespace
}  // namespace tglink
