#include "http/header_text.hpp"

#include <limits>

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;
using testing::expect_results;

TEST(HttpHeaderText, TrimsSpacesAndTabsOnly) {
  EXPECT_EQ(trim_ows(" \t a b \t "), "a b");
  EXPECT_EQ(trim_ows("   "), "");
  EXPECT_EQ(trim_ows("\r\n"), "\r\n");
}

TEST(HttpHeaderText, ComparesTokensCaseInsensitively) {
  EXPECT_TRUE(iequals_ascii("Bytes", "bYTES"));
  EXPECT_FALSE(iequals_ascii("bytes", "byte"));
  EXPECT_FALSE(iequals_ascii("bytes", "bytez"));
}

TEST(HttpHeaderText, SplitsListsAndDropsEmptyElements) {
  const std::vector<std::string_view> expected = {"a", "b c", "d"};
  EXPECT_EQ(split_list(" a ,, b c ,\td, "), expected);
  EXPECT_TRUE(split_list(" , ,").empty());
}

TEST(HttpHeaderText, DecimalsSaturateInsteadOfWrapping) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  expect_results(parse_saturating_decimal, {{"0", 0u},
                                            {"0042", 42u},
                                            {"18446744073709551615", kMax},
                                            {"18446744073709551616", kMax},
                                            {"99999999999999999999999999999999", kMax}});
  expect_false_for(parse_saturating_decimal, {"", "-1", "+1", " 1"});
}

}  // namespace
}  // namespace tglink
