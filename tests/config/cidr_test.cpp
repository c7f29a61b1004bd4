#include "config/cidr.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

Cidr must_parse(std::string_view text) {
  const std::optional<Cidr> cidr = Cidr::parse(text);
  EXPECT_TRUE(cidr.has_value()) << text;
  return cidr.value_or(Cidr());
}

TEST(Cidr, Ipv4NetworkMatchesItsAddressesOnly) {
  const Cidr net = must_parse("10.0.0.0/8");
  EXPECT_TRUE(net.contains("10.0.0.1"));
  EXPECT_TRUE(net.contains("10.255.255.255"));
  EXPECT_FALSE(net.contains("11.0.0.0"));
  EXPECT_FALSE(net.contains("9.255.255.255"));
}

TEST(Cidr, PrefixNotOnAByteBoundary) {
  const Cidr net = must_parse("192.168.4.0/22");
  EXPECT_TRUE(net.contains("192.168.7.200"));
  EXPECT_FALSE(net.contains("192.168.8.1"));
  EXPECT_FALSE(net.contains("192.168.3.255"));
}

TEST(Cidr, BareAddressIsOneHost) {
  const Cidr host = must_parse("127.0.0.1");
  EXPECT_TRUE(host.contains("127.0.0.1"));
  EXPECT_FALSE(host.contains("127.0.0.2"));
  EXPECT_EQ(host.to_string(), "127.0.0.1/32");
  const Cidr v6 = must_parse("::1");
  EXPECT_TRUE(v6.contains("::1"));
  EXPECT_FALSE(v6.contains("::2"));
  EXPECT_EQ(v6.to_string(), "::1/128");
}

TEST(Cidr, Ipv6Network) {
  const Cidr net = must_parse("2001:db8::/32");
  EXPECT_TRUE(net.contains("2001:db8:1234::1"));
  EXPECT_FALSE(net.contains("2001:db9::1"));
  EXPECT_FALSE(net.contains("10.0.0.1"));
  EXPECT_EQ(net.to_string(), "2001:db8::/32");
}

TEST(Cidr, Ipv4MappedAddressesMatchIpv4Networks) {
  const Cidr net = must_parse("10.0.0.0/8");
  EXPECT_TRUE(net.contains("::ffff:10.1.2.3"));
  EXPECT_FALSE(net.contains("::ffff:11.1.2.3"));
  const Cidr mapped = must_parse("::ffff:192.168.0.0/112");
  EXPECT_TRUE(mapped.contains("192.168.5.5"));
  EXPECT_EQ(mapped.to_string(), "192.168.0.0/16");
}

TEST(Cidr, ZeroPrefixMatchesItsWholeFamilyView) {
  EXPECT_TRUE(must_parse("0.0.0.0/0").contains("203.0.113.9"));
  EXPECT_TRUE(must_parse("::/0").contains("2001:db8::1"));
  EXPECT_TRUE(must_parse("::/0").contains("203.0.113.9"));
}

TEST(Cidr, HostBitsAreCleared) {
  EXPECT_EQ(must_parse("10.1.2.3/8").to_string(), "10.0.0.0/8");
  EXPECT_EQ(must_parse("2001:db8::1/32").to_string(), "2001:db8::/32");
}

TEST(Cidr, BracketsAndZonesInCheckedAddresses) {
  EXPECT_TRUE(must_parse("::1").contains("[::1]"));
  EXPECT_TRUE(must_parse("fe80::/10").contains("fe80::1%eth0"));
}

TEST(Cidr, RejectsMalformedInput) {
  for (const char* bad :
       {"", "/8", "10.0.0.0/", "10.0.0.0/33", "::/129", "10.0.0.0/-1", "10.0.0.0/+8", "10.0.0.0/8x",
        "10.0.0", "256.0.0.1", "host.example", "10.0.0.0/8/8", "1.2.3.4 "}) {
    EXPECT_FALSE(Cidr::parse(bad).has_value()) << bad;
  }
}

// Found by fuzzing: inet_pton stopped at a NUL byte, so "10.0.0.1<NUL>junk" was 10.0.0.1.
TEST(Cidr, RefusesTextAfterANulByte) {
  using namespace std::string_view_literals;
  EXPECT_FALSE(Cidr::parse("10.0.0.1\0junk"sv).has_value());
  EXPECT_FALSE(Cidr::parse("::1\0/128"sv).has_value());
  EXPECT_FALSE(must_parse("10.0.0.0/8").contains("10.0.0.1\0junk"sv));
}

TEST(Cidr, UnparsableAddressMatchesNothing) {
  const Cidr all = must_parse("0.0.0.0/0");
  EXPECT_FALSE(all.contains("not an address"));
  EXPECT_FALSE(all.contains(""));
}

}  // namespace
}  // namespace tglink
