#pragma once
// The optional file named by TGLINK_SIM_CONFIG:
//   {"tokens": ["123:AAA…"],            // only these tokens log in (default: any well-formed one)
//    "ops": [{"op": "create_user", …}]}  // control requests applied in order at start
// so anything a test can do over the socket can also be set up before tglink starts.

#include <string>

#include <boost/json.hpp>

namespace tglink::sim {

// Reads and parses the file; throws std::runtime_error naming the file and the problem.
boost::json::object load_sim_config(const std::string& path);

}  // namespace tglink::sim
