// IPv6 clients share one rate-limit bucket per /64.
#include "http/rate_limit_key.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(RateLimitKey, Ipv4IsItsOwnKey) {
  EXPECT_EQ(rate_limit_key("203.0.113.7"), "203.0.113.7");
  EXPECT_NE(rate_limit_key("203.0.113.7"), rate_limit_key("203.0.113.8"));
}

TEST(RateLimitKey, Ipv6IsKeyedByItsSlash64) {
  EXPECT_EQ(rate_limit_key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::/64");
  EXPECT_EQ(rate_limit_key("2001:db8:1:2::1"), rate_limit_key("2001:db8:1:2:ffff::9"));
  EXPECT_NE(rate_limit_key("2001:db8:1:2::1"), rate_limit_key("2001:db8:1:3::1"));
  EXPECT_EQ(rate_limit_key("::1"), "::/64");
  EXPECT_EQ(rate_limit_key("2001:DB8:0001:0002::1"), "2001:db8:1:2::/64");
}

TEST(RateLimitKey, Ipv4MappedIsIpv4) {
  EXPECT_EQ(rate_limit_key("::ffff:203.0.113.7"), "203.0.113.7");
  EXPECT_NE(rate_limit_key("::ffff:203.0.113.7"), rate_limit_key("::ffff:203.0.113.8"));
}

TEST(RateLimitKey, OtherTextIsKeptAsItIs) {
  EXPECT_EQ(rate_limit_key("unknown"), "unknown");
  EXPECT_EQ(rate_limit_key(""), "");
}

}  // namespace
}  // namespace tglink
