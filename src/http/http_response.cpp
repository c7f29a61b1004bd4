#include "http/http_response.hpp"

#include <boost/json.hpp>

#include "core/json_writer.hpp"
#include "http/header_text.hpp"

namespace tglink {
void HttpResponse::set_header(std::string_view name, std::string value) {
  for (auto& [key, existing] : headers) {
    if (iequals_ascii(key, name)) {
      existing = std::move(value);
      return;
    }
  }
  headers.emplace_back(std::string(name), std::move(value));
}

std::optional<std::string_view> HttpResponse::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (iequals_ascii(key, name)) return value;
  }
  return std::nullopt;
}

bool sends_content_length(int status) {
  return !(status >= 100 && status < 200) && status != 204 && status != 304;
}

HttpResponse json_response(int status, std::string body) {
  HttpResponse response;
  response.status = status;
  response.set_header("Content-Type", "application/json");
  response.set_header("Cache-Control", "no-store");
  response.body = std::move(body);
  return response;
}

HttpResponse json_error(int status, std::string_view error_code, std::string_view message,
                        std::optional<std::int64_t> retry_after) {
  boost::json::object body;
  body["status"] = "error";
  body["message"] = message;
  body["error_code"] = error_code;
  if (retry_after) body["retry_after"] = *retry_after;
  HttpResponse response = json_response(status, write_json(body));
  if (retry_after) response.set_header("Retry-After", std::to_string(*retry_after));
  return response;
}

}  // namespace tglink
