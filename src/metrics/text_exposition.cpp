#include "metrics/text_exposition.hpp"

#include <cmath>
#include <cstdint>

#include <fmt/format.h>

namespace tglink::metrics {

namespace {

// Doubles hold every integer up to 2^53 exactly; beyond that the %g form is as exact.
constexpr double kLargestExactInteger = 9007199254740992.0;

void append_labels(std::string& out, const std::vector<std::string>& names,
                   const std::vector<std::string>& values) {
  if (names.empty()) return;
  out += '{';
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ',';
    out += names[i];
    out += "=\"";
    out += escape_label_value(values[i]);
    out += '"';
  }
  out += '}';
}

}  // namespace

std::string format_value(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
  if (value == std::floor(value) && std::fabs(value) <= kLargestExactInteger) {
    return std::to_string(static_cast<std::int64_t>(value));
  }
  return fmt::format("{}", value);  // shortest form that reads back the same double
}

namespace {

// Backslashes and line breaks escaped, and double quotes too where `quotes` (label values).
std::string escaped(std::string_view text, bool quotes) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '"' && quotes) {
      out += "\\\"";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string escape_label_value(std::string_view value) { return escaped(value, true); }

std::string escape_help(std::string_view help) { return escaped(help, false); }

std::string render_text(const std::vector<FamilySnapshot>& families) {
  std::string out;
  for (const FamilySnapshot& family : families) {
    out += "# HELP " + family.name + " " + escape_help(family.help) + "\n";
    out += "# TYPE " + family.name + " " + std::string(type_name(family.type)) + "\n";
    for (const Sample& sample : family.samples) {
      out += family.name;
      append_labels(out, family.label_names, sample.label_values);
      out += ' ';
      out += format_value(sample.value);
      out += '\n';
    }
  }
  return out;
}

}  // namespace tglink::metrics
