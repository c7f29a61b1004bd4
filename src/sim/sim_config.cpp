#include "sim/sim_config.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace tglink::sim {
namespace json = boost::json;

json::object load_sim_config(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("TGLINK_SIM_CONFIG: cannot open " + path);
  std::stringstream text;
  text << in.rdbuf();
  boost::system::error_code error;
  json::value config = json::parse(text.str(), error);
  if (error || !config.is_object()) {
    throw std::runtime_error("TGLINK_SIM_CONFIG: " + path + " is not a JSON object" +
                             (error ? ": " + error.message() : std::string()));
  }
  return config.get_object();
}

}  // namespace tglink::sim
