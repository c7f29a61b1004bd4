// LinkManager::check_link as the simulator models it: which URLs TDLib accepts, how it
// normalizes them, and the exact texts of its refusals.

#include "sim/url_validation.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace tglink::sim {
namespace {

std::string error_of(std::string_view link) { return check_link(link).error; }

TEST(LinkCheckTest, AcceptsHttpAndHttpsWithADottedHostAndNormalizesThem) {
  EXPECT_EQ(check_link("https://files.example.com/dl/abc").url, "https://files.example.com/dl/abc");
  EXPECT_EQ(check_link("HTTP://Example.COM").url, "http://example.com/");
  EXPECT_EQ(check_link("example.com/x").url, "http://example.com/x");
  EXPECT_EQ(check_link("http://127.0.0.1:8080/dl/a").url, "http://127.0.0.1:8080/dl/a");
  EXPECT_EQ(check_link("http://[::1]:8080/").url, "http://[::1]:8080/");
  EXPECT_EQ(check_link("https://t.me/+abc").url, "https://t.me/+abc");
  EXPECT_EQ(check_link("http://example.com/a b").url, "http://example.com/a%20b");
}

// A link TDLib refuses, and the reason its error gives after quoting the link.
struct Refusal {
  std::string link;
  std::string reason;
};

void expect_refused(const std::vector<Refusal>& refusals) {
  for (const Refusal& refusal : refusals) {
    EXPECT_EQ(error_of(refusal.link), "URL '" + refusal.link + "' is invalid: " + refusal.reason);
  }
}

TEST(LinkCheckTest, AHostWithoutADotIsAWrongHttpUrl) {
  expect_refused({{"http://localhost:8080/dl/abc", "Wrong HTTP URL"},
                  {"https://intranet/", "Wrong HTTP URL"},
                  {"grammy", "Wrong HTTP URL"}});
}

TEST(LinkCheckTest, OnlyHttpHttpsAndTgSchemesAreSupported) {
  expect_refused({{"ftp://example.com/x", "Unsupported URL protocol"},
                  {"file://example.com/x", "Unsupported URL protocol"}});
  EXPECT_FALSE(check_link("ton://wallet").ok());
  EXPECT_EQ(check_link("tg://resolve?domain=sim_bot").url, "tg://resolve?domain=sim_bot");
  EXPECT_EQ(check_link("tg:user?id=5").url, "tg://user?id=5");
}

TEST(LinkCheckTest, MalformedPartsGetParseUrlsTexts) {
  expect_refused({{"http://example.com:99999/", "Wrong port number specified in the URL"},
                  {"tel:+37120123456", "Wrong port number specified in the URL"},
                  {"http:///x", "URL host is empty"},
                  {"http://exa<mple.com/", "Wrong URL host"},
                  {"http://[zz]/", "Wrong IPv6 address specified in the URL"},
                  {"tg://resolve:80?domain=x", "Wrong tg URL"}});
  // Raw UTF-8 is allowed in a host; a link that is not UTF-8 is not quoted in the error.
  EXPECT_TRUE(check_link("http://\xc3\xa9t\xc3\xa9.example/").ok());
  EXPECT_EQ(error_of(std::string("http://\xff/")), "URL is invalid: Wrong HTTP URL");
}

TEST(LinkCheckTest, RefusedLinkNamesTheButtonOrTheEntityAndNormalizesTheRest) {
  boost::json::value keyboard = boost::json::parse(R"({"@type":"replyMarkupInlineKeyboard",
    "rows":[[{"@type":"inlineKeyboardButton","text":"ok","type":
      {"@type":"inlineKeyboardButtonTypeUrl","url":"HTTPS://Example.com"}}]]})");
  boost::json::array entities = boost::json::parse(R"([{"@type":"textEntity","offset":0,
    "length":1,"type":{"@type":"textEntityTypeTextUrl","url":"http://localhost/x"}}])")
                                    .as_array();
  EXPECT_EQ(refused_link(keyboard, entities),
            "Entity URL 'http://localhost/x' is invalid: Wrong HTTP URL");
  EXPECT_EQ(keyboard.at_pointer("/rows/0/0/type/url"), "https://example.com/");

  boost::json::value bad_button = boost::json::parse(R"({"@type":"replyMarkupInlineKeyboard",
    "rows":[[{"@type":"inlineKeyboardButton","text":"Play","type":
      {"@type":"inlineKeyboardButtonTypeUrl","url":"http://localhost:8080/player"}}]]})");
  EXPECT_EQ(refused_link(bad_button, entities),
            "Inline keyboard button URL 'http://localhost:8080/player' is invalid: Wrong HTTP URL");

  boost::json::value none;
  boost::json::array plain_url = boost::json::parse(R"([{"@type":"textEntity","offset":0,
    "length":1,"type":{"@type":"textEntityTypeUrl"}}])")
                                     .as_array();
  EXPECT_EQ(refused_link(none, plain_url), "");
}

}  // namespace
}  // namespace tglink::sim
