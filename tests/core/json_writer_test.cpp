// No JSON tglink writes may hold Infinity or NaN, and 0 reads as 0.0.
#include "core/json_writer.hpp"

#include <cmath>
#include <limits>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_results;

namespace json = boost::json;

TEST(JsonWriter, NumbersWithAFractionReadAsDecimals) {
  expect_results<double>(format_json_number, {{0.0, "0.0"},
                                              {-0.0, "0.0"},
                                              {1.0, "1.0"},
                                              {1.5, "1.5"},
                                              {0.001, "0.001"},
                                              {-2.25, "-2.25"},
                                              {500, "500.0"},
                                              {1e300, "1e+300"}});
}

TEST(JsonWriter, InfinityAndNanAreNull) {
  EXPECT_EQ(format_json_number(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(format_json_number(-std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(format_json_number(std::numeric_limits<double>::quiet_NaN()), "null");
}

TEST(JsonWriter, EveryFiniteNumberRoundTrips) {
  for (const double value :
       {0.1, 1.0 / 3.0, 123456.789, 5e-324, 1.7976931348623157e308, -0.001, 1e21, 1e-7}) {
    const std::string text = format_json_number(value);
    EXPECT_EQ(json::parse(text).as_double(), value) << text;
  }
}

TEST(JsonWriter, WritesWholeDocumentsThatParseBack) {
  const json::value document = {{"status", "ok"},
                                {"n", 42},
                                {"big", std::numeric_limits<std::uint64_t>::max()},
                                {"zero", 0.0},
                                {"inf", std::numeric_limits<double>::infinity()},
                                {"list", json::array{1.5, "a\"b", nullptr, true, json::object{}}},
                                {"nested", {{"x", json::array{}}}}};
  const std::string text = write_json(document);
  EXPECT_EQ(text,
            "{\"status\":\"ok\",\"n\":42,\"big\":18446744073709551615,\"zero\":0.0,\"inf\":null,"
            "\"list\":[1.5,\"a\\\"b\",null,true,{}],\"nested\":{\"x\":[]}}");
  EXPECT_NO_THROW((void)json::parse(text));
  EXPECT_EQ(text.find("Infinity"), std::string::npos);
  EXPECT_EQ(text.find("E0"), std::string::npos);
}

}  // namespace
}  // namespace tglink
