// The registry: families keep their samples by label values, counters only go up, names are
// checked, and families read at scrape time call their source each time.
#include "metrics/metric_registry.hpp"

#include <stdexcept>

#include <gtest/gtest.h>

namespace tglink::metrics {
namespace {

TEST(MetricRegistryTest, CountersAddPerLabelValues) {
  Registry registry;
  Family& requests = registry.counter("t_requests_total", "Requests.", {"route", "code"});
  requests.add({"/dl", "206"}, 1);
  requests.add({"/dl", "206"}, 2);
  requests.add({"/stream", "200"}, 1);
  EXPECT_EQ(requests.value({"/dl", "206"}), 3);
  EXPECT_EQ(requests.value({"/stream", "200"}), 1);
  EXPECT_EQ(requests.value({"/dl", "404"}), 0);
  const std::vector<FamilySnapshot> families = registry.collect();
  ASSERT_EQ(families.size(), 1u);
  ASSERT_EQ(families[0].samples.size(), 2u);
  EXPECT_EQ(families[0].samples[0].label_values, (std::vector<std::string>{"/dl", "206"}));
}

TEST(MetricRegistryTest, CountersRefuseToGoDown) {
  Registry registry;
  Family& counter = registry.counter("t_total", "T.");
  EXPECT_THROW(counter.add({}, -1), std::invalid_argument);
  EXPECT_THROW(counter.set({}, 5), std::invalid_argument);
}

TEST(MetricRegistryTest, GaugesAreSet) {
  Registry registry;
  Family& gauge = registry.gauge("t_level", "Level.", {"bot"});
  gauge.set({"1"}, 5);
  gauge.set({"1"}, 2);
  EXPECT_EQ(gauge.value({"1"}), 2);
}

TEST(MetricRegistryTest, WrongNumberOfLabelValuesIsRefused) {
  Registry registry;
  Family& family = registry.counter("t_total", "T.", {"a", "b"});
  EXPECT_THROW(family.add({"x"}, 1), std::invalid_argument);
}

TEST(MetricRegistryTest, NamesFollowPrometheusSyntaxAndAreUnique) {
  Registry registry;
  EXPECT_THROW(registry.counter("1bad", "x"), std::invalid_argument);
  EXPECT_THROW(registry.counter("bad-name", "x"), std::invalid_argument);
  EXPECT_THROW(registry.counter("t_total", "x", {"__reserved"}), std::invalid_argument);
  EXPECT_THROW(registry.counter("t_total", "x", {"a:b"}), std::invalid_argument);
  registry.counter("t_total", "x");
  EXPECT_THROW(registry.gauge("t_total", "again"), std::invalid_argument);
  EXPECT_TRUE(valid_metric_name("tglink:rule_total"));
  EXPECT_FALSE(valid_metric_name(""));
}

TEST(MetricRegistryTest, SourcesAreReadAtEveryCollect) {
  Registry registry;
  int reads = 0;
  registry.gauge_from("t_now", "Now.", {"bot"}, [&reads] {
    ++reads;
    return std::vector<Sample>{Sample{{"b"}, static_cast<double>(reads)}, Sample{{"a"}, 0}};
  });
  EXPECT_EQ(registry.collect()[0].samples[1].value, 1);
  const FamilySnapshot second = registry.collect()[0];
  EXPECT_EQ(second.samples[0].label_values[0], "a");  // sorted by label values
  EXPECT_EQ(second.samples[1].value, 2);
}

TEST(MetricRegistryTest, TouchedSamplesStartAtZero) {
  Registry registry;
  Family& counter = registry.counter("t_total", "T.", {"bot"});
  counter.touch({"7"});
  const FamilySnapshot family = registry.collect()[0];
  ASSERT_EQ(family.samples.size(), 1u);
  EXPECT_EQ(family.samples[0].value, 0);
  counter.add({"7"}, 3);
  counter.touch({"7"});
  EXPECT_EQ(counter.value({"7"}), 3);
}

}  // namespace
}  // namespace tglink::metrics
