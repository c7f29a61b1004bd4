// The text exposition format 0.0.4: HELP and TYPE lines, label escaping, number forms.
#include "metrics/text_exposition.hpp"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink::metrics {
namespace {

using tglink::testing::expect_results;

TEST(TextExpositionTest, WritesHelpTypeAndSamples) {
  Registry registry;
  Family& requests =
      registry.counter("tglink_http_requests_total", "HTTP responses.", {"route", "code"});
  requests.add({"/dl", "206"}, 3);
  requests.add({"/api/info", "200"}, 1);
  registry.gauge("tglink_active_streams", "Bodies.").set({}, 2);
  EXPECT_EQ(render_text(registry.collect()),
            "# HELP tglink_http_requests_total HTTP responses.\n"
            "# TYPE tglink_http_requests_total counter\n"
            "tglink_http_requests_total{route=\"/api/info\",code=\"200\"} 1\n"
            "tglink_http_requests_total{route=\"/dl\",code=\"206\"} 3\n"
            "# HELP tglink_active_streams Bodies.\n"
            "# TYPE tglink_active_streams gauge\n"
            "tglink_active_streams 2\n");
}

TEST(TextExpositionTest, FamilyWithoutSamplesStillDeclaresItself) {
  Registry registry;
  registry.counter("t_total", "Nothing yet.", {"reason"});
  EXPECT_EQ(render_text(registry.collect()),
            "# HELP t_total Nothing yet.\n# TYPE t_total counter\n");
}

TEST(TextExpositionTest, EscapesLabelValuesAndHelp) {
  EXPECT_EQ(escape_label_value("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
  EXPECT_EQ(escape_help("line\\one\nline \"two\""), "line\\\\one\\nline \"two\"");
  Registry registry;
  registry.gauge("t_info", "Info.", {"version"}).set({"1\"2"}, 1);
  EXPECT_NE(render_text(registry.collect()).find("t_info{version=\"1\\\"2\"} 1\n"),
            std::string::npos);
}

TEST(TextExpositionTest, FormatsNumbers) {
  expect_results<double>(format_value, {{0, "0"},
                                        {-3, "-3"},
                                        {1048576, "1048576"},
                                        {9007199254740992.0, "9007199254740992"},
                                        {0.25, "0.25"},
                                        {1e20, "1e+20"},
                                        {std::numeric_limits<double>::infinity(), "+Inf"},
                                        {-std::numeric_limits<double>::infinity(), "-Inf"},
                                        {std::nan(""), "NaN"}});
}

}  // namespace
}  // namespace tglink::metrics
