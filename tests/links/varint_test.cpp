#include "links/varint.hpp"

#include <limits>

#include <gtest/gtest.h>

namespace tglink {
namespace {

std::string encoded(std::uint64_t value) {
  std::string out;
  append_varint(out, value);
  return out;
}

TEST(VarintTest, KnownEncodings) {
  EXPECT_EQ(encoded(0), std::string(1, '\0'));
  EXPECT_EQ(encoded(1), "\x01");
  EXPECT_EQ(encoded(127), "\x7f");
  EXPECT_EQ(encoded(128), "\x80\x01");
  EXPECT_EQ(encoded(300), "\xac\x02");
  EXPECT_EQ(encoded(std::numeric_limits<std::uint64_t>::max()),
            "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01");
}

TEST(VarintTest, RoundTripsAndAdvances) {
  for (std::uint64_t value : {0ull, 1ull, 127ull, 128ull, 16383ull, 16384ull, 1ull << 35,
                              (1ull << 63) - 1, 1ull << 63, ~0ull}) {
    std::string bytes = "x" + encoded(value) + "tail";
    std::size_t pos = 1;
    EXPECT_EQ(read_varint(bytes, pos), value);
    EXPECT_EQ(bytes.substr(pos), "tail");
  }
}

TEST(VarintTest, RejectsMalformedWithoutMoving) {
  const std::string cases[] = {
      "",                                              // nothing
      "\x80",                                          // runs out
      std::string("\x80\x00", 2),                      // overlong zero
      std::string("\xff\x00", 2),                      // overlong 127
      "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x02",      // 65 bits
      "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x81\x01",  // 11 bytes
  };
  for (const std::string& bytes : cases) {
    std::size_t pos = 0;
    EXPECT_FALSE(read_varint(bytes, pos).has_value()) << ::testing::PrintToString(bytes);
    EXPECT_EQ(pos, 0u);
  }
}

}  // namespace
}  // namespace tglink
