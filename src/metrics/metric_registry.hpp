#pragma once
// A small Prometheus-style registry: named families of counters and gauges, each with a fixed
// list of label names, and families whose samples are read from a callback at every scrape
// (process figures, gauges another part already keeps). The text format lives in
// text_exposition.hpp; the families tglink registers in service_metrics.hpp.
//
// No global instance: the service makes one and passes it to whoever reports. Not thread-safe:
// every update and every scrape runs on the io_context thread.
//
// Names are checked when a family is registered (Prometheus' metric and label name syntax, no
// duplicates); a wrong number of label values is a programming error. Both throw
// std::invalid_argument.

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tglink::metrics {

enum class MetricType { counter, gauge };

[[nodiscard]] std::string_view type_name(MetricType type);

struct Sample {
  std::vector<std::string> label_values;  // in the order of the family's label names
  double value = 0;
};

// One family as a scrape sees it.
struct FamilySnapshot {
  std::string name;
  std::string help;
  MetricType type = MetricType::counter;
  std::vector<std::string> label_names;
  std::vector<Sample> samples;  // sorted by label values
};

// Samples read at scrape time.
using SampleSource = std::function<std::vector<Sample>()>;

class Family {
 public:
  Family(std::string name, std::string help, MetricType type, std::vector<std::string> labels);

  // Counters only go up: a negative delta is refused (std::invalid_argument).
  void add(const std::vector<std::string>& label_values, double delta);
  // Gauges only.
  void set(const std::vector<std::string>& label_values, double value);
  // Makes a sample exist at 0, so that rate() has a start before the first event.
  void touch(const std::vector<std::string>& label_values);
  [[nodiscard]] double value(const std::vector<std::string>& label_values) const;

  [[nodiscard]] FamilySnapshot snapshot() const;
  void set_source(SampleSource source) { source_ = std::move(source); }

 private:
  void check_arity(const std::vector<std::string>& label_values) const;

  std::string name_;
  std::string help_;
  MetricType type_;
  std::vector<std::string> label_names_;
  std::map<std::vector<std::string>, double> values_;
  SampleSource source_;
};

class Registry {
 public:
  Family& counter(std::string name, std::string help, std::vector<std::string> labels = {});
  Family& gauge(std::string name, std::string help, std::vector<std::string> labels = {});
  // A family whose samples `source` answers at every scrape.
  void gauge_from(std::string name, std::string help, std::vector<std::string> labels,
                  SampleSource source);
  void counter_from(std::string name, std::string help, std::vector<std::string> labels,
                    SampleSource source);

  // Every family, in the order registered.
  [[nodiscard]] std::vector<FamilySnapshot> collect() const;

 private:
  Family& add(std::string name, std::string help, MetricType type, std::vector<std::string> labels);

  std::vector<std::unique_ptr<Family>> families_;
  std::vector<std::string> names_;
};

// Prometheus' syntax: [a-zA-Z_:][a-zA-Z0-9_:]* for metric names, [a-zA-Z_][a-zA-Z0-9_]* and no
// leading "__" for label names.
[[nodiscard]] bool valid_metric_name(std::string_view name);
[[nodiscard]] bool valid_label_name(std::string_view name);

}  // namespace tglink::metrics
