// Which request heads are refused before their body is read (RFC 9112 §3.2,
// §6; RFC 9110 §10.1.1), one table row per rule.
#include "http/request_framing.hpp"

#include <string_view>
#include <vector>

#include <gtest/gtest.h>

namespace tglink {
namespace {

struct FramingCase {
  std::string_view name;
  unsigned version;
  std::vector<HeaderField> fields;
  int refused_with;  // 0 = served
  bool expects_continue = false;
};

FramingDecision decide(const FramingCase& c) {
  return check_request_framing(RequestHead{c.version, c.fields});
}

TEST(RequestFraming, Table) {
  const std::vector<FramingCase> cases = {
      {"plain GET", 11, {{"Host", "a"}}, 0},
      {"no Host in 1.1", 11, {}, 400},
      {"no Host in 1.0 is fine", 10, {}, 0},
      {"two Host lines", 11, {{"Host", "a"}, {"host", "a"}}, 400},
      {"two Host lines in 1.0", 10, {{"Host", "a"}, {"Host", "b"}}, 400},
      {"Host with a port", 11, {{"Host", "example.com:8080"}}, 0},
      {"Host IPv6 literal", 11, {{"Host", "[::1]:80"}}, 0},
      {"empty Host", 11, {{"Host", ""}}, 0},
      {"Host list", 11, {{"Host", "a, b"}}, 400},
      {"Host with a path", 11, {{"Host", "a/b"}}, 400},
      {"Host bad port", 11, {{"Host", "a:80x"}}, 400},
      {"Host bad IPv6", 11, {{"Host", "[zz]"}}, 400},
      {"chunked", 11, {{"Host", "a"}, {"Transfer-Encoding", "chunked"}}, 0},
      {"Chunked any case", 11, {{"Host", "a"}, {"Transfer-Encoding", " Chunked "}}, 0},
      {"xchunked", 11, {{"Host", "a"}, {"Transfer-Encoding", "xchunked"}}, 400},
      {"gzip", 11, {{"Host", "a"}, {"Transfer-Encoding", "gzip"}}, 400},
      {"gzip, chunked", 11, {{"Host", "a"}, {"Transfer-Encoding", "gzip, chunked"}}, 400},
      {"chunked, identity", 11, {{"Host", "a"}, {"Transfer-Encoding", "chunked, identity"}}, 400},
      {"chunked twice over two lines",
       11,
       {{"Host", "a"}, {"Transfer-Encoding", "chunked"}, {"Transfer-Encoding", "chunked"}},
       400},
      {"empty Transfer-Encoding", 11, {{"Host", "a"}, {"Transfer-Encoding", ""}}, 400},
      {"Transfer-Encoding in 1.0", 10, {{"Transfer-Encoding", "chunked"}}, 400},
      {"Content-Length and Transfer-Encoding",
       11,
       {{"Host", "a"}, {"Content-Length", "3"}, {"Transfer-Encoding", "chunked"}},
       400},
      {"Content-Length", 11, {{"Host", "a"}, {"Content-Length", "5"}}, 0},
      {"Content-Length list", 11, {{"Host", "a"}, {"Content-Length", "5, 5"}}, 400},
      {"Content-Length twice",
       11,
       {{"Host", "a"}, {"Content-Length", "5"}, {"Content-Length", "5"}},
       400},
      {"Content-Length signed", 11, {{"Host", "a"}, {"Content-Length", "+5"}}, 400},
      {"Content-Length empty", 11, {{"Host", "a"}, {"Content-Length", ""}}, 400},
      {"Expect 100-continue", 11, {{"Host", "a"}, {"Expect", "100-Continue"}}, 0, true},
      {"Expect ignored in 1.0", 10, {{"Expect", "100-continue"}}, 0, false},
      {"Expect something else", 11, {{"Host", "a"}, {"Expect", "coffee"}}, 417},
      {"Expect twice", 11, {{"Host", "a"}, {"Expect", "100-continue"}, {"Expect", "x"}}, 417},
  };
  for (const FramingCase& c : cases) {
    const FramingDecision decision = decide(c);
    EXPECT_EQ(decision.refusal ? decision.refusal->status : 0, c.refused_with) << c.name;
    EXPECT_EQ(decision.expects_continue, c.expects_continue) << c.name;
    if (decision.refusal) {
      EXPECT_FALSE(decision.refusal->error_code.empty()) << c.name;
      EXPECT_FALSE(decision.refusal->message.empty()) << c.name;
    }
  }
}

TEST(RequestFraming, HostValues) {
  for (const std::string_view good :
       {"a", "example.com", "example.com:", "1.2.3.4:65535", "[2001:db8::1]", "x%41y", "a-b_c~d"}) {
    EXPECT_TRUE(is_valid_host_field(good)) << good;
  }
  using namespace std::string_view_literals;
  for (const std::string_view bad : {"a b"sv, "a@b"sv, "[::1"sv, "::1"sv, "a:123456"sv, "x%4"sv,
                                     "a:b:c"sv, "[::1]x"sv, "a\0b"sv}) {
    EXPECT_FALSE(is_valid_host_field(bad)) << bad;
  }
}

}  // namespace
}  // namespace tglink
