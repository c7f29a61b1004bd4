#include "http/client_address.hpp"

#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_result_for;
using testing::expect_results;

std::vector<Cidr> networks(std::initializer_list<std::string_view> texts) {
  std::vector<Cidr> parsed;
  for (const std::string_view text : texts) {
    const std::optional<Cidr> cidr = Cidr::parse(text);
    EXPECT_TRUE(cidr) << text;
    if (cidr) parsed.push_back(*cidr);
  }
  return parsed;
}

struct AddressCase {
  std::string_view peer;
  std::string_view forwarded_for;
  std::string_view expected;
};

void expect_cases(const std::vector<Cidr>& trusted, const std::vector<AddressCase>& cases) {
  for (const AddressCase& c : cases) {
    EXPECT_EQ(client_address(c.peer, c.forwarded_for, trusted), c.expected)
        << "peer " << c.peer << ", X-Forwarded-For '" << c.forwarded_for << "'";
  }
}

TEST(HttpClientAddress, UntrustedPeerIsTheClientWhateverItClaims) {
  expect_cases(networks({"10.0.0.0/8"}), {
                                             {"203.0.113.7", "", "203.0.113.7"},
                                             {"203.0.113.7", "1.1.1.1", "203.0.113.7"},
                                             {"2001:db8::1", "1.1.1.1", "2001:db8::1"},
                                         });
  expect_cases({}, {{"10.1.1.1", "1.1.1.1", "10.1.1.1"}});
}

TEST(HttpClientAddress, TrustedProxyIsBelievedFromTheRight) {
  expect_cases(networks({"10.0.0.0/8", "::1"}),
               {
                   {"10.0.0.1", "198.51.100.9", "198.51.100.9"},
                   {"10.0.0.1", "1.1.1.1, 198.51.100.9", "198.51.100.9"},
                   {"10.0.0.1", "1.1.1.1, 198.51.100.9, 10.0.0.2", "198.51.100.9"},
                   {"10.0.0.1", "198.51.100.9,10.9.9.9,10.0.0.2", "198.51.100.9"},
                   {"::1", "2001:db8::5", "2001:db8::5"},
                   {"10.0.0.1", "", "10.0.0.1"},
                   {"10.0.0.1", " , ", "10.0.0.1"},
               });
}

TEST(HttpClientAddress, AllTrustedHopsGiveTheLeftmost) {
  expect_cases(networks({"10.0.0.0/8"}), {{"10.0.0.1", "10.0.0.3, 10.0.0.2", "10.0.0.3"}});
}

TEST(HttpClientAddress, MalformedForwardedForFallsBackToThePeer) {
  expect_cases(networks({"10.0.0.0/8"}), {
                                             {"10.0.0.1", "unknown", "10.0.0.1"},
                                             {"10.0.0.1", "1.1.1.1, bogus", "10.0.0.1"},
                                             {"10.0.0.1", "1.1.1.1, , x", "10.0.0.1"},
                                             {"10.0.0.1", "1.1.1.256", "10.0.0.1"},
                                             {"10.0.0.1", "1.1.1.1/8", "10.0.0.1"},
                                             {"10.0.0.1", "[::1", "10.0.0.1"},
                                             {"10.0.0.1", "_gazonk", "10.0.0.1"},
                                         });
}

TEST(HttpClientAddress, PortsAndBracketsAreDropped) {
  expect_cases(networks({"10.0.0.0/8"}), {
                                             {"10.0.0.1", "1.1.1.1:5555", "1.1.1.1"},
                                             {"10.0.0.1", "[2001:db8::7]:443", "2001:db8::7"},
                                             {"10.0.0.1", "[2001:db8::7]", "2001:db8::7"},
                                         });
}

TEST(HttpClientAddress, AddressesAreCanonical) {
  expect_cases(networks({"10.0.0.0/8"}),
               {
                   {"::ffff:203.0.113.7", "", "203.0.113.7"},
                   {"::ffff:10.0.0.1", "2001:DB8:0:0::9", "2001:db8::9"},
                   {"::ffff:10.0.0.1", "::ffff:198.51.100.9", "198.51.100.9"},
                   {"not-an-address", "1.1.1.1", "not-an-address"},
               });
}

TEST(HttpClientAddress, CanonicalIpAddress) {
  expect_results(
      canonical_ip_address,
      {{"127.0.0.1", "127.0.0.1"}, {"0:0:0:0:0:0:0:1", "::1"}, {"::FFFF:1.2.3.4", "1.2.3.4"}});
  expect_result_for(canonical_ip_address, "", {"", "1.2.3", std::string("1.2.3.4\0junk", 12)});
}

}  // namespace
}  // namespace tglink
