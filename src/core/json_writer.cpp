#include "core/json_writer.hpp"

#include <array>
#include <charconv>
#include <cmath>

#include <boost/json.hpp>

namespace tglink {
namespace {

namespace json = boost::json;

// `items` between `open` and `close`, separated by commas, each written by `write_item`.
template <typename Items, typename WriteItem>
void append_list(std::string& out, char open, const Items& items, char close,
                 WriteItem write_item) {
  out += open;
  bool first = true;
  for (const auto& item : items) {
    if (!first) out += ',';
    first = false;
    write_item(item);
  }
  out += close;
}

void append(std::string& out, const json::value& value) {
  switch (value.kind()) {
    case json::kind::object:
      append_list(out, '{', value.get_object(), '}', [&out](const json::key_value_pair& member) {
        out += json::serialize(member.key());
        out += ':';
        append(out, member.value());
      });
      return;
    case json::kind::array:
      append_list(out, '[', value.get_array(), ']',
                  [&out](const json::value& element) { append(out, element); });
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
