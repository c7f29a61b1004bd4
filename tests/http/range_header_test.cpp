#include "http/range_header.hpp"

#include <cstdint>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

namespace tglink {
namespace {

struct RangeCase {
  std::string_view header;
  std::uint64_t size;
  RangeDecision expected;
};

constexpr RangeDecision kWhole{RangeOutcome::kWholeResource, {}};
constexpr RangeDecision kUnsatisfiable{RangeOutcome::kUnsatisfiable, {}};
// HTTP's inclusive positions, as the cases below are written, to the half-open ByteRange.
constexpr RangeDecision partial(std::uint64_t first, std::uint64_t last) {
  return RangeDecision{RangeOutcome::kPartial, ByteRange{first, last + 1}};
}

void expect_cases(const std::vector<RangeCase>& cases) {
  for (const RangeCase& c : cases) {
    EXPECT_EQ(decide_byte_range(c.header, c.size), c.expected)
        << "Range: '" << c.header << "' size " << c.size;
  }
}

TEST(HttpRangeHeader, ClosedRangesAreServedAndClampedToTheEnd) {
  expect_cases({
      {"bytes=0-0", 10, partial(0, 0)},
      {"bytes=0-9", 10, partial(0, 9)},
      {"bytes=2-5", 10, partial(2, 5)},
      {"bytes=9-9", 10, partial(9, 9)},
      {"bytes=5-100", 10, partial(5, 9)},
      {"bytes=0-18446744073709551615", 10, partial(0, 9)},
  });
}

TEST(HttpRangeHeader, OpenEndedRangesRunToTheEnd) {
  expect_cases({
      {"bytes=0-", 10, partial(0, 9)},
      {"bytes=7-", 10, partial(7, 9)},
      {"bytes=9-", 10, partial(9, 9)},
  });
}

TEST(HttpRangeHeader, SuffixRangesTakeTheLastBytes) {
  expect_cases({
      {"bytes=-1", 10, partial(9, 9)},
      {"bytes=-3", 10, partial(7, 9)},
      {"bytes=-10", 10, partial(0, 9)},
      {"bytes=-11", 10, partial(0, 9)},
      {"bytes=-99999999999999999999999999", 10, partial(0, 9)},
  });
}

TEST(HttpRangeHeader, UnsatisfiableRanges) {
  expect_cases({
      {"bytes=-0", 10, kUnsatisfiable},
      {"bytes=10-", 10, kUnsatisfiable},
      {"bytes=10-20", 10, kUnsatisfiable},
      {"bytes=18446744073709551615-", 10, kUnsatisfiable},
      {"bytes=99999999999999999999999999-", 10, kUnsatisfiable},
      {"bytes=0-", 0, kUnsatisfiable},
      {"bytes=0-0", 0, kUnsatisfiable},
      {"bytes=-5", 0, kUnsatisfiable},
      {"bytes=-0", 0, kUnsatisfiable},
  });
}

TEST(HttpRangeHeader, WhitespaceAndUnitCaseAreTolerated) {
  expect_cases({
      {"bytes= 0-", 10, partial(0, 9)},
      {"bytes = 1 - 2 ", 10, partial(1, 2)},
      {"\tbytes=\t-2\t", 10, partial(8, 9)},
      {"Bytes=3-4", 10, partial(3, 4)},
      {"BYTES=3-", 10, partial(3, 9)},
      {"bytes=3-4,", 10, partial(3, 4)},
      {"bytes=, 3-4", 10, partial(3, 4)},
  });
}

TEST(HttpRangeHeader, MalformedOrForeignRangesAreIgnored) {
  expect_cases({
      {"", 10, kWhole},
      {"bytes", 10, kWhole},
      {"bytes=", 10, kWhole},
      {"bytes=,", 10, kWhole},
      {"bytes=-", 10, kWhole},
      {"bytes=5", 10, kWhole},
      {"bytes=5-2", 10, kWhole},
      {"bytes=a-b", 10, kWhole},
      {"bytes=+1-2", 10, kWhole},
      {"bytes=1-+2", 10, kWhole},
      {"bytes=--5", 10, kWhole},
      {"bytes=1-2-3", 10, kWhole},
      {"bytes=0x1-2", 10, kWhole},
      {"bytes=1 2-3", 10, kWhole},
      {"items=0-5", 10, kWhole},
      {"bytesx=0-5", 10, kWhole},
      {"=0-5", 10, kWhole},
      {"0-5", 10, kWhole},
      // b < a is malformed even past the end, and on an empty file.
      {"bytes=20-10", 10, kWhole},
      {"bytes=5-2", 0, kWhole},
  });
}

TEST(HttpRangeHeader, SeveralRangesAreAnsweredWithTheWholeResource) {
  expect_cases({
      {"bytes=0-1,5-6", 10, kWhole},
      {"bytes=0-1, -2", 10, kWhole},
      {"bytes=50-60,70-80", 10, kWhole},
  });
}

TEST(HttpRangeHeader, HugeSizesDoNotOverflow) {
  constexpr std::uint64_t kMax = 18446744073709551615ULL;
  expect_cases({
      {"bytes=0-", kMax, partial(0, kMax - 1)},
      {"bytes=-1", kMax, partial(kMax - 1, kMax - 1)},
      {"bytes=18446744073709551614-", kMax, partial(kMax - 1, kMax - 1)},
      {"bytes=18446744073709551615-", kMax, kUnsatisfiable},
  });
  EXPECT_EQ(decide_byte_range("bytes=0-", kMax).range.length(), kMax);
}

}  // namespace
}  // namespace tglink
