#include "telegram/td_object.hpp"

#include "telegram/td_fields.hpp"

namespace tglink {

bool is_error(const boost::json::object& answer) { return td_type(answer) == "error"; }

std::optional<TdError> td_error(const boost::json::object& answer) {
  if (!is_error(answer)) {
    return std::nullopt;
  }
  TdError error;
  error.code = td_int32(answer, "code").value_or(0);
  error.message = std::string(td_string(answer, "message").value_or(""));
  return error;
}

boost::json::object make_td_error(std::int32_t code, std::string_view message) {
  return boost::json::object{{"@type", "error"}, {"code", code}, {"message", message}};
}

std::string_view td_type(const boost::json::object& object) {
  return td_string(object, "@type").value_or("");
}

std::string first_active_username(const boost::json::object& user_or_supergroup) {
  const boost::json::array* active = td_array(user_or_supergroup, "usernames.active_usernames");
  if (active == nullptr || active->empty() || !active->front().is_string()) return {};
  return std::string(active->front().get_string());
}

}  // namespace tglink
