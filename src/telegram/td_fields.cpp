#include "telegram/td_fields.hpp"

#include <charconv>
#include <limits>
#include <system_error>

#include "telegram/td_object.hpp"

namespace tglink {

namespace json = boost::json;

namespace {

// A whole decimal string, as TDLib writes an int64 ("-1001", never "+1", " 1" or "1e3").
std::optional<std::int64_t> parse_decimal(std::string_view text) {
  std::int64_t parsed = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, parsed);
  if (text.empty() || error != std::errc() || stop != end) return std::nullopt;
  return parsed;
}

// A JSON number that is an integer in [min, max]. Boost.JSON keeps integers past int64's range
// as uint64 and those with a fraction or an exponent as double, which no TDLib integer is.
std::optional<std::int64_t> integer_in(const json::value* value, std::int64_t min,
                                       std::int64_t max) {
  if (value == nullptr) return std::nullopt;
  if (value->is_int64()) {
    const std::int64_t number = value->get_int64();
    if (number >= min && number <= max) return number;
  }
  if (value->is_uint64() && value->get_uint64() <= static_cast<std::uint64_t>(max)) {
    return static_cast<std::int64_t>(value->get_uint64());
  }
  return std::nullopt;
}

std::string_view json_kind(const json::value& value) {
  switch (value.kind()) {
    case json::kind::null:
      return "null";
    case json::kind::bool_:
      return "a bool";
    case json::kind::int64:
    case json::kind::uint64:
      return "an integer";
    case json::kind::double_:
      return "a fraction";
    case json::kind::string:
      return "a string";
    case json::kind::array:
      return "an array";
    case json::kind::object:
      return "an object";
  }
  return "unknown";
}

}  // namespace

const json::value* td_value(const json::object& object, std::string_view path) {
  const json::object* current = &object;
  for (;;) {
    const std::size_t dot = path.find('.');
    const json::value* value = current->if_contains(path.substr(0, dot));
    if (dot == std::string_view::npos || value == nullptr) return value;
    if (!value->is_object()) return nullptr;
    current = &value->get_object();
    path.remove_prefix(dot + 1);
  }
}

const json::object* td_object(const json::object& object, std::string_view path) {
  const json::value* value = td_value(object, path);
  return value != nullptr ? value->if_object() : nullptr;
}

const json::array* td_array(const json::object& object, std::string_view path) {
  const json::value* value = td_value(object, path);
  return value != nullptr ? value->if_array() : nullptr;
}

std::optional<std::string_view> td_string(const json::object& object, std::string_view path) {
  const json::value* value = td_value(object, path);
  if (value == nullptr || !value->is_string()) return std::nullopt;
  return std::string_view(value->get_string());
}

std::optional<bool> td_bool(const json::object& object, std::string_view path) {
  const json::value* value = td_value(object, path);
  if (value == nullptr || !value->is_bool()) return std::nullopt;
  return value->get_bool();
}

std::optional<std::int32_t> td_int32(const json::object& object, std::string_view path) {
  const std::optional<std::int64_t> number =
      integer_in(td_value(object, path), std::numeric_limits<std::int32_t>::min(),
                 std::numeric_limits<std::int32_t>::max());
  if (!number) return std::nullopt;
  return static_cast<std::int32_t>(*number);
}

std::optional<std::int64_t> td_int53(const json::object& object, std::string_view path) {
  return integer_in(td_value(object, path), -kMaxTdInt53, kMaxTdInt53);
}

std::optional<std::int64_t> td_int64(const json::object& object, std::string_view path) {
  const json::value* value = td_value(object, path);
  if (value != nullptr && value->is_string()) {
    return parse_decimal(std::string_view(value->get_string()));
  }
  return integer_in(value, std::numeric_limits<std::int64_t>::min(),
                    std::numeric_limits<std::int64_t>::max());
}

std::optional<std::uint64_t> td_uint64(const json::object& object, std::string_view path) {
  const json::value* value = td_value(object, path);
  if (value == nullptr) return std::nullopt;
  if (value->is_uint64()) return value->get_uint64();
  if (value->is_int64() && value->get_int64() >= 0) {
    return static_cast<std::uint64_t>(value->get_int64());
  }
  return std::nullopt;
}

std::string td_field_problem(const json::object& object, std::string_view path,
                             std::string_view expected) {
  const std::string_view type = td_type(object);
  std::string problem = std::string(type.empty() ? "(no @type)" : type) + ": " + std::string(path);
  const json::value* value = td_value(object, path);
  if (value == nullptr) return problem + " is missing";
  return problem + " is " + std::string(json_kind(*value)) + ", not " + std::string(expected);
}

}  // namespace tglink
