#include "core/json_writer.hpp"

#include <array>
#include <charconv>
#include <cmath>

#include <boost/json.hpp>

namespace tglink {
namespace {

namespace json = boost::json;

void append(std::string& out, const json::value& value);

void append_object(std::string& out, const json::object& object) {
  out += '{';
  bool first = true;
  for (const json::key_value_pair& member : object) {
    if (!first) out += ',';
    first = false;
    out += json::serialize(member.key());
    out += ':';
    append(out, member.value());
  }
  out += '}';
}

void append_array(std::string& out, const json::array& array) {
  out += '[';
  bool first = true;
  for (const json::value& element : array) {
    if (!first) out += ',';
    first = false;
    append(out, element);
  }
  out += ']';
}

void append(std::string& out, const json::value& value) {
  switch (value.kind()) {
    case json::kind::object:
      append_object(out, value.get_object());
      return;
    case json::kind::array:
      append_array(out, value.get_array());
      return;
    case json::kind::double_:
      out += format_json_number(value.get_double());
      return;
    default:
      out += json::serialize(value);
      return;
  }
}

}  // namespace

std::string format_json_number(double value) {
  if (!std::isfinite(value)) return "null";
  if (value == 0) return "0.0";   // also -0, which some readers keep as a negative zero
  std::array<char, 32> buffer{};  // the longest shortest form of a double is 24 characters
  const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  std::string text(buffer.data(), error == std::errc() ? end : buffer.data());
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

std::string write_json(const json::value& value) {
  std::string out;
  append(out, value);
  return out;
}

}  // namespace tglink
