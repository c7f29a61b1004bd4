#pragma once
// The request grammar the simulator checks before it runs anything, so that malformed requests
// fail at once with the same parse errors as the real libtdjson, whatever the client's state.

#include <string>

#include <boost/json.hpp>

namespace tglink::sim {

// Throws ParseError (json_fields.hpp) with TDLib's message when `request` is not a well-formed
// TDLib function call: missing or unknown "@type", or a field of the wrong JSON kind.
void check_request(const boost::json::object& request);

// True when `name` is a TDLib function the simulator knows how to answer.
bool is_simulated_method(const std::string& name);

}  // namespace tglink::sim
