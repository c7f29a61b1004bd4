#include "sim/request_log.hpp"

#include <cstdlib>
#include <fstream>

namespace tglink::sim {
namespace {

namespace json = boost::json;

// The request with every leaf replaced by its kind; "@type" values are kept, since they name
// the classes whose parsing differs.
json::value shape_of(const json::value& value) {
  if (value.is_object()) {
    json::object shape;
    for (const auto& [key, item] : value.as_object()) {
      if (key == "@extra") continue;
      shape[key] = key == "@type" ? item : shape_of(item);
    }
    return shape;
  }
  if (value.is_array()) {
    json::array shape;
    for (const json::value& item : value.as_array()) shape.push_back(shape_of(item));
    return shape;
  }
  if (value.is_string()) return "string";
  if (value.is_bool()) return "bool";
  if (value.is_null()) return "null";
  return "number";
}

}  // namespace

std::string RequestLog::path_from_environment() {
  const char* path = std::getenv("TGLINK_SIM_REQUEST_LOG");
  return path == nullptr ? std::string() : std::string(path);
}

void RequestLog::record(const json::object& request) {
  if (path_.empty()) return;
  const std::string shape = json::serialize(shape_of(request));
  std::lock_guard<std::mutex> lock(mutex_);
  if (!shapes_.insert(shape).second) return;
  json::object example = request;
  example.erase("@extra");
  std::ofstream(path_, std::ios::app) << json::serialize(example) << '\n';
}

}  // namespace tglink::sim
