#include "sim/json_fields.hpp"

#include <charconv>
#include <limits>

namespace tglink::sim {
namespace json = boost::json;

namespace {

const char* kind_name(json::kind kind) {
  switch (kind) {
    case json::kind::bool_:
      return "Boolean";
    case json::kind::int64:
    case json::kind::uint64:
    case json::kind::double_:
      return "Number";
    case json::kind::string:
      return "String";
    case json::kind::array:
      return "Array";
    case json::kind::object:
      return "Object";
    case json::kind::null:
      return "Null";
  }
  return "Unknown";
}

[[noreturn]] void expected(const char* what, const json::value& value) {
  throw ParseError(std::string("Expected ") + what + ", but receive " + kind_name(value.kind()));
}

[[noreturn]] void not_an_integer(std::string_view text) {
  throw ParseError("Can't parse as an integer string \"" + std::string(text) + "\"");
}

std::int64_t integer_from_text(std::string_view text, std::int64_t min, std::int64_t max) {
  std::int64_t result = 0;
  const char* end = text.data() + text.size();
  std::from_chars_result parsed = std::from_chars(text.data(), end, result);
  if (text.empty() || parsed.ec != std::errc() || parsed.ptr != end || result < min ||
      result > max) {
    not_an_integer(text);
  }
  return result;
}

const json::value* find(const json::object& object, std::string_view name) {
  const json::value* value = object.if_contains(name);
  return value == nullptr || value->is_null() ? nullptr : value;
}

}  // namespace

std::int64_t parse_integer(const json::value& value, std::int64_t min, std::int64_t max) {
  if (value.is_string()) {
    return integer_from_text(value.get_string(), min, max);
  }
  if (!value.is_number()) {
    expected("Number", value);
  }
  // TDLib re-reads the number's own text, so 1.5 and out-of-range numbers fail with it quoted.
  // The parsed value has lost that text; Boost.JSON's printing of it is what tglink (which also
  // writes its requests with Boost.JSON) sent, e.g. "1.5E0".
  return integer_from_text(json::serialize(value), min, max);
}

void check_value(const json::value& value, FieldKind kind) {
  if (value.is_null()) {
    return;
  }
  switch (kind) {
    case FieldKind::kInt32:
      parse_integer(value, std::numeric_limits<std::int32_t>::min(),
                    std::numeric_limits<std::int32_t>::max());
      return;
    case FieldKind::kInt53:
    case FieldKind::kInt64:
      parse_integer(value, std::numeric_limits<std::int64_t>::min(),
                    std::numeric_limits<std::int64_t>::max());
      return;
    case FieldKind::kDouble:
      if (!value.is_number()) expected("Number", value);
      return;
    case FieldKind::kBool:
      if (!value.is_bool()) expected("Boolean", value);
      return;
    case FieldKind::kString:
      if (!value.is_string()) expected("String", value);
      return;
    case FieldKind::kObject:
      if (!value.is_object()) expected("Object", value);
      return;
    case FieldKind::kArray:
      if (!value.is_array()) expected("Array", value);
      return;
  }
}

std::int64_t int_field(const json::object& object, std::string_view name) {
  const json::value* value = find(object, name);
  if (value == nullptr) return 0;
  return parse_integer(*value, std::numeric_limits<std::int64_t>::min(),
                       std::numeric_limits<std::int64_t>::max());
}

std::string string_field(const json::object& object, std::string_view name) {
  const json::value* value = find(object, name);
  return value != nullptr && value->is_string() ? std::string(value->get_string()) : std::string();
}

bool bool_field(const json::object& object, std::string_view name) {
  const json::value* value = find(object, name);
  return value != nullptr && value->is_bool() && value->get_bool();
}

double double_field(const json::object& object, std::string_view name) {
  const json::value* value = find(object, name);
  return value != nullptr && value->is_number() ? value->to_number<double>() : 0.0;
}

const json::object& object_field(const json::object& object, std::string_view name) {
  static const json::object kEmpty;  // immutable: safe to share
  const json::value* value = find(object, name);
  return value != nullptr && value->is_object() ? value->get_object() : kEmpty;
}

const json::array& array_field(const json::object& object, std::string_view name) {
  static const json::array kEmpty;  // immutable: safe to share
  const json::value* value = find(object, name);
  return value != nullptr && value->is_array() ? value->get_array() : kEmpty;
}

std::string type_of(const json::object& object) { return string_field(object, "@type"); }

}  // namespace tglink::sim
