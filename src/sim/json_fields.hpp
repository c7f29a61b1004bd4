#pragma once
// Reading fields of a TDLib request the way TDLib's JSON layer does: a missing or null field
// takes its default (0, "", false), integers may also arrive as decimal strings, and every
// mismatch is a parse error whose message matches the real library's word for word.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include <boost/json.hpp>

namespace tglink::sim {

// A request that TDLib would reject before running it: answered with code 400 and
// "Failed to parse JSON object as TDLib request: <what()>".
class ParseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class FieldKind { kInt32, kInt53, kInt64, kDouble, kBool, kString, kObject, kArray };

// Throws ParseError when `value` cannot be read as `kind` (null is always accepted).
void check_value(const boost::json::value& value, FieldKind kind);

// Integer from a number or a decimal string; throws ParseError outside [min, max].
std::int64_t parse_integer(const boost::json::value& value, std::int64_t min, std::int64_t max);

// Typed readers for fields already checked against the schema; absent or null gives the default.
std::int64_t int_field(const boost::json::object& object, std::string_view name);
std::string string_field(const boost::json::object& object, std::string_view name);
bool bool_field(const boost::json::object& object, std::string_view name);
double double_field(const boost::json::object& object, std::string_view name);
// The nested object, or an empty object when absent.
const boost::json::object& object_field(const boost::json::object& object, std::string_view name);
const boost::json::array& array_field(const boost::json::object& object, std::string_view name);
// The "@type" of a nested object, or "" when there is none.
std::string type_of(const boost::json::object& object);

}  // namespace tglink::sim
