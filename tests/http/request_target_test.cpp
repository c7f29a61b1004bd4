// RFC 9112 §3.2's request-target forms as http/request_target.hpp reads them.
#include "http/request_target.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(RequestTarget, OriginFormIsKeptAsItIs) {
  const auto target = parse_request_target("GET", "/dl/TOKEN/name.mp4?x=1");
  ASSERT_TRUE(target);
  EXPECT_EQ(target->origin, "/dl/TOKEN/name.mp4?x=1");
  EXPECT_FALSE(target->authority);
}

TEST(RequestTarget, AbsoluteFormGivesItsPathAndAuthority) {
  struct Case {
    const char* sent;
    const char* origin;
    const char* authority;
  };
  for (const Case& c :
       {Case{"http://h.example/dl/T", "/dl/T", "h.example"},
        Case{"HTTPS://h.example:8443/dl/T?a=b", "/dl/T?a=b", "h.example:8443"},
        Case{"http://h.example", "/", "h.example"}, Case{"http://h.example?q", "/?q", "h.example"},
        Case{"http://[::1]:8080/api/info", "/api/info", "[::1]:8080"},
        Case{"http://127.0.0.1/x", "/x", "127.0.0.1"}}) {
    const auto target = parse_request_target("GET", c.sent);
    ASSERT_TRUE(target) << c.sent;
    EXPECT_EQ(target->origin, c.origin) << c.sent;
    EXPECT_EQ(target->authority, c.authority) << c.sent;
  }
}

TEST(RequestTarget, AsteriskIsForOptionsOnly) {
  const auto options = parse_request_target("OPTIONS", "*");
  ASSERT_TRUE(options);
  EXPECT_EQ(options->origin, "*");
  EXPECT_FALSE(parse_request_target("GET", "*"));
  EXPECT_FALSE(parse_request_target("HEAD", "*"));
}

TEST(RequestTarget, AnythingElseIsRefused) {
  for (const char* bad : {"dl/T", "h.example:80", "ftp://h.example/x", "http:///x", "http://",
                          "http://user@h.example/x", "http://a b/x", "http://[::1/x",
                          "http://h.example/x#frag", "http://h.example:port/x", "**"}) {
    EXPECT_FALSE(parse_request_target("GET", bad)) << bad;
  }
}

}  // namespace
}  // namespace tglink
