#pragma once
// The offline request sequence both libraries are put through, and the "shape" of what they
// answer: @client_id and @extra removed, and for steps compared by shape, every leaf value
// replaced by its JSON kind.

#include <string>

#include <boost/json.hpp>

#include "td_json_driver.hpp"

namespace tglink::testing {

// The setTdlibParameters an offline client of either sequence starts with: a fixed identity and
// its database under `directory`.
boost::json::object offline_tdlib_parameters(const std::string& directory);

// Runs the sequence on `td` (network type none first, database under `directory`) and answers
// one {"step": name, "answer": normalized} object per step.
boost::json::array run_offline_sequence(TdJsonDriver& td, const std::string& directory);

// Sends each request of `requests` to a fresh offline client after setTdlibParameters and
// answers, per request, the error message of any parse error (or "" when it parsed).
boost::json::array parse_errors_of(TdJsonDriver& td, const std::string& directory,
                                   const boost::json::array& requests);

// Leaf values replaced by "string", "number", "bool", "null"; "@type" kept.
boost::json::value shape_of(const boost::json::value& value);

}  // namespace tglink::testing
