#include "telegram/td_object.hpp"

namespace tglink {

bool is_error(const boost::json::object& answer) { return td_type(answer) == "error"; }

std::optional<TdError> td_error(const boost::json::object& answer) {
  if (!is_error(answer)) {
    return std::nullopt;
  }
  TdError error;
  if (const boost::json::value* code = answer.if_contains("code"); code && code->is_int64()) {
    error.code = static_cast<std::int32_t>(code->as_int64());
  }
  if (const boost::json::value* message = answer.if_contains("message");
      message && message->is_string()) {
    error.message = std::string(message->as_string());
  }
  return error;
}

boost::json::object make_td_error(std::int32_t code, std::string_view message) {
  return boost::json::object{{"@type", "error"}, {"code", code}, {"message", message}};
}

std::string_view td_type(const boost::json::object& object) {
  const boost::json::value* type = object.if_contains("@type");
  if (type == nullptr || !type->is_string()) {
    return {};
  }
  return type->as_string();
}

}  // namespace tglink
