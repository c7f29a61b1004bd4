#include "metrics/metric_registry.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace tglink::metrics {

namespace {

bool name_char(char c, bool first, bool colon_allowed) {
  const bool letter = std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_';
  const bool digit = std::isdigit(static_cast<unsigned char>(c)) != 0;
  return letter || (colon_allowed && c == ':') || (!first && digit);
}

bool valid_name(std::string_view name, bool colon_allowed) {
  if (name.empty()) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (!name_char(name[i], i == 0, colon_allowed)) return false;
  }
  return true;
}

}  // namespace

std::string_view type_name(MetricType type) {
  return type == MetricType::counter ? "counter" : "gauge";
}

bool valid_metric_name(std::string_view name) { return valid_name(name, true); }

bool valid_label_name(std::string_view name) {
  return valid_name(name, false) && !name.starts_with("__");
}

Family::Family(std::string name, std::string help, MetricType type, std::vector<std::string> labels)
    : name_(std::move(name)),
      help_(std::move(help)),
      type_(type),
      label_names_(std::move(labels)) {}

void Family::check_arity(const std::vector<std::string>& label_values) const {
  if (label_values.size() != label_names_.size()) {
    throw std::invalid_argument(name_ + ": " + std::to_string(label_values.size()) +
                                " label values for " + std::to_string(label_names_.size()) +
                                " labels");
  }
}

void Family::add(const std::vector<std::string>& label_values, double delta) {
  check_arity(label_values);
  if (type_ == MetricType::counter && !(delta >= 0)) {
    throw std::invalid_argument(name_ + ": a counter cannot go down");
  }
  values_[label_values] += delta;
}

void Family::set(const std::vector<std::string>& label_values, double value) {
  check_arity(label_values);
  if (type_ != MetricType::gauge) throw std::invalid_argument(name_ + ": only gauges are set");
  values_[label_values] = value;
}

void Family::touch(const std::vector<std::string>& label_values) {
  check_arity(label_values);
  values_.try_emplace(label_values, 0.0);
}

double Family::value(const std::vector<std::string>& label_values) const {
  const auto found = values_.find(label_values);
  return found == values_.end() ? 0.0 : found->second;
}

FamilySnapshot Family::snapshot() const {
  FamilySnapshot out{name_, help_, type_, label_names_, {}};
  if (source_) {
    out.samples = source_();
    for (const Sample& sample : out.samples) check_arity(sample.label_values);
    std::sort(out.samples.begin(), out.samples.end(),
              [](const Sample& a, const Sample& b) { return a.label_values < b.label_values; });
    return out;
  }
  out.samples.reserve(values_.size());
  for (const auto& [labels, value] : values_) out.samples.push_back(Sample{labels, value});
  return out;
}

Family& Registry::add(std::string name, std::string help, MetricType type,
                      std::vector<std::string> labels) {
  if (!valid_metric_name(name)) throw std::invalid_argument("bad metric name: " + name);
  if (std::find(names_.begin(), names_.end(), name) != names_.end()) {
    throw std::invalid_argument("metric registered twice: " + name);
  }
  for (const std::string& label : labels) {
    if (!valid_label_name(label)) throw std::invalid_argument(name + ": bad label name " + label);
  }
  names_.push_back(name);
  families_.push_back(
      std::make_unique<Family>(std::move(name), std::move(help), type, std::move(labels)));
  return *families_.back();
}

Family& Registry::counter(std::string name, std::string help, std::vector<std::string> labels) {
  return add(std::move(name), std::move(help), MetricType::counter, std::move(labels));
}

Family& Registry::gauge(std::string name, std::string help, std::vector<std::string> labels) {
  return add(std::move(name), std::move(help), MetricType::gauge, std::move(labels));
}

void Registry::gauge_from(std::string name, std::string help, std::vector<std::string> labels,
                          SampleSource source) {
  add(std::move(name), std::move(help), MetricType::gauge, std::move(labels))
      .set_source(std::move(source));
}

void Registry::counter_from(std::string name, std::string help, std::vector<std::string> labels,
                            SampleSource source) {
  add(std::move(name), std::move(help), MetricType::counter, std::move(labels))
      .set_source(std::move(source));
}

std::vector<FamilySnapshot> Registry::collect() const {
  std::vector<FamilySnapshot> out;
  out.reserve(families_.size());
  for (const std::unique_ptr<Family>& family : families_) out.push_back(family->snapshot());
  return out;
}

}  // namespace tglink::metrics
