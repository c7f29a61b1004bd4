#include "sim/option_rules.hpp"

#include <cstdint>
#include <map>
#include <string_view>

#include "sim/json_fields.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

enum class OptionKind { kBoolean, kInteger, kString };

struct OptionRule {
  OptionKind kind;
  std::int64_t min = INT64_MIN;  // integers only
  std::int64_t max = INT64_MAX;
};

// Writable options, each checked against the real library offline (tests/contract/).
const std::map<std::string_view, OptionRule>& writable_options() {
  static const std::map<std::string_view, OptionRule> kRules = {
      {"disable_network_statistics", {OptionKind::kBoolean}},
      {"ignore_file_names", {OptionKind::kBoolean}},
      {"ignore_inline_thumbnails", {OptionKind::kBoolean}},
      {"message_unload_delay", {OptionKind::kInteger, 60, 86400}},
      {"online", {OptionKind::kBoolean}},
      {"storage_max_files_size", {OptionKind::kInteger}},
      {"use_storage_optimizer", {OptionKind::kBoolean}},
  };
  return kRules;
}

const char* kind_word(OptionKind kind) {
  switch (kind) {
    case OptionKind::kBoolean:
      return "boolean";
    case OptionKind::kInteger:
      return "integer";
    case OptionKind::kString:
      return "string";
  }
  return "string";
}

const char* value_type_of(OptionKind kind) {
  switch (kind) {
    case OptionKind::kBoolean:
      return "optionValueBoolean";
    case OptionKind::kInteger:
      return "optionValueInteger";
    case OptionKind::kString:
      return "optionValueString";
  }
  return "optionValueString";
}

}  // namespace

std::string option_error(const std::string& name, const json::object& value) {
  // Names starting with "x-" are the application's own and take any value.
  if (name.rfind("x-", 0) == 0) return {};
  const auto found = writable_options().find(name);
  if (found == writable_options().end()) return "Option can't be set";
  const std::string type = type_of(value);
  if (type.empty() || type == "optionValueEmpty") return {};
  const OptionRule& rule = found->second;
  if (type != value_type_of(rule.kind)) {
    return "Option \"" + name + "\" must have " + kind_word(rule.kind) + " value";
  }
  if (rule.kind != OptionKind::kInteger) return {};
  const std::int64_t number = int_field(value, "value");
  if (number < rule.min || number > rule.max) {
    return "Option's \"" + name + "\" value " + std::to_string(number) +
           " is outside of the valid range [" + std::to_string(rule.min) + ", " +
           std::to_string(rule.max) + "]";
  }
  return {};
}

}  // namespace tglink::sim
