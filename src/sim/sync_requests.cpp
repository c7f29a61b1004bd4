#include "sim/sync_requests.hpp"

#include <utility>

#include "sim/json_fields.hpp"
#include "sim/request_schema.hpp"
#include "sim/tdlib_objects.hpp"
#include "sim/text_entities.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

constexpr const char* kParsePrefix = "Failed to parse JSON object as TDLib request: ";

json::object execute_checked(const json::object& request) {
  const std::string type = type_of(request);
  if (type == "setLogVerbosityLevel" || type == "setLogStream") return ok_object();
  if (type == "getLogVerbosityLevel") {
    return json::object{{"@type", "logVerbosityLevel"}, {"verbosity_level", 0}};
  }
  if (type == "getTextEntities") {
    return json::object{{"@type", "textEntities"},
                        {"entities", find_text_entities(string_field(request, "text"))}};
  }
  if (type == "getOption" && string_field(request, "name") == "version") {
    return json::object{{"@type", "optionValueString"}, {"value", "1.8.67"}};
  }
  return error_object(400, "The method can't be executed synchronously");
}

}  // namespace

ParsedRequest parse_request(std::string_view text) {
  boost::system::error_code error;
  json::value value = json::parse(text, error);
  if (error) {
    return {{}, error_object(400, "Failed to parse request as JSON object: " + error.message())};
  }
  if (!value.is_object()) return {{}, error_object(400, "Expected a JSON object")};
  return {std::move(value.get_object()), std::nullopt};
}

json::value extra_of(const json::object& request) {
  const json::value* extra = request.if_contains("@extra");
  return extra == nullptr ? json::value(nullptr) : *extra;
}

std::string execute_request(std::string_view text, RequestLog& log) {
  ParsedRequest parsed = parse_request(text);
  if (parsed.error) return json::serialize(*parsed.error);
  const json::object& request = parsed.request;
  log.record(request);
  json::object result;
  try {
    check_request(request);
    result = execute_checked(request);
  } catch (const ParseError& error) {
    result = error_object(400, kParsePrefix + std::string(error.what()));
  }
  json::value extra = extra_of(request);
  if (!extra.is_null()) result["@extra"] = extra;
  return json::serialize(result);
}

}  // namespace tglink::sim
