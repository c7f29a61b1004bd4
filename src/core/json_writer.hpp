#pragma once
// The one way tglink writes JSON for others to read (HTTP bodies), so that every number in it is
// one a JSON parser accepts.
//
// Boost.JSON's own serializer writes a double that is infinite or NaN as a bare word no JSON
// parser accepts, and 0 as "0E0". Here every number with a fraction goes through
// format_json_number instead: finite values in their shortest round-trip form with a '.' or an
// exponent ("0.0", "1.5", "0.001", "1e+300"); Infinity and NaN, which JSON cannot express, as
// null. Everything else (strings, integers, booleans) is written as Boost.JSON writes it.

#include <string>

#include <boost/json/fwd.hpp>

namespace tglink {

[[nodiscard]] std::string write_json(const boost::json::value& value);

// A double as a JSON number (or "null" when it is not finite); -0 is written as 0.0.
[[nodiscard]] std::string format_json_number(double value);

}  // namespace tglink
