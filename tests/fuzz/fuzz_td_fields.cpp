// Fuzz target: the TDLib field accessor (telegram/td_fields.hpp) over any JSON object. Every
// reader is tried on every field of the object, on every field one level down (through a
// dotted path), and on a few paths that do not exist.
//
// Input: one JSON text, as td_receive returns it; anything but an object is dropped.
//
// Invariants:
//  - an int32 is in int32's range, an int53 in ±(2^53 - 1); a number read as int32 reads the
//    same as int53 and int64, one read as int53 the same as int64;
//  - an int64 written back as TDLib writes it (a decimal string) reads back the same;
//  - a uint64 is only ever a non-negative integer number;
//  - a field reads as at most one of string, bool, object and array, and as none when absent;
//  - a dotted path reads what walking the objects one name at a time reads;
//  - td_field_problem always names the path.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/parse.hpp>

#include "telegram/td_fields.hpp"

namespace {

namespace json = boost::json;
using namespace tglink;

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz_td_fields invariant broken: %s\n", what);
  std::abort();
}

void check_integers(const json::object& object, std::string_view path) {
  const std::optional<std::int32_t> int32 = td_int32(object, path);
  const std::optional<std::int64_t> int53 = td_int53(object, path);
  const std::optional<std::int64_t> int64 = td_int64(object, path);
  if (int32) require(int53 == *int32 && int64 == *int32, "an int32 is an int53 and an int64");
  if (int53) {
    require(*int53 >= -kMaxTdInt53 && *int53 <= kMaxTdInt53, "an int53 is in its range");
    require(int64 == *int53, "an int53 is an int64");
  }
  if (int64) {
    const json::object written{{"value", std::to_string(*int64)}};
    require(td_int64(written, "value") == *int64, "an int64 reads back from TDLib's form");
  }
  if (const std::optional<std::uint64_t> uint64 = td_uint64(object, path)) {
    const json::value* value = td_value(object, path);
    require(value != nullptr &&
                (value->is_uint64() || (value->is_int64() && value->get_int64() >= 0 &&
                                        static_cast<std::uint64_t>(value->get_int64()) == *uint64)),
            "a uint64 is a non-negative integer number");
  }
}

void check_kinds(const json::object& object, std::string_view path) {
  const int kinds = static_cast<int>(td_string(object, path).has_value()) +
                    static_cast<int>(td_bool(object, path).has_value()) +
                    static_cast<int>(td_object(object, path) != nullptr) +
                    static_cast<int>(td_array(object, path) != nullptr);
  require(kinds <= 1, "a field has at most one kind");
  if (td_value(object, path) == nullptr) {
    require(kinds == 0 && !td_int64(object, path) && !td_uint64(object, path),
            "an absent field reads as nothing");
  }
  const std::string problem = td_field_problem(object, path, "int32");
  require(problem.find(path) != std::string::npos, "a problem names the path");
}

void check_field(const json::object& object, std::string_view path) {
  check_integers(object, path);
  check_kinds(object, path);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  boost::system::error_code error;
  const json::value parsed =
      json::parse(std::string_view(reinterpret_cast<const char*>(data), size), error);
  if (error || !parsed.is_object()) return 0;
  const json::object& object = parsed.get_object();

  for (const std::string_view absent : {"", ".", "absent", "absent.id", "@type.x"}) {
    check_field(object, absent);
  }
  for (const auto& [key, value] : object) {
    if (key.find('.') != json::string::npos) continue;  // not a name TDLib uses
    check_field(object, key);
    const json::object* inner = value.if_object();
    if (inner == nullptr) continue;
    for (const auto& [inner_key, inner_value] : *inner) {
      if (inner_key.find('.') != json::string::npos) continue;
      const std::string path = std::string(key) + "." + std::string(inner_key);
      check_field(object, path);
      require(td_value(object, path) == td_value(*inner, inner_key),
              "a dotted path walks the objects");
    }
  }
  return 0;
}
