#include "chat/messages/callback_query.hpp"

#include <utility>

#include "core/base64.hpp"
#include "telegram/td_fields.hpp"

namespace tglink {

std::string callback_data(const boost::json::object& query) {
  return base64_decode(td_string(query, "payload.data").value_or(""));
}

boost::json::object answer_callback(const boost::json::object& query, std::string text,
                                    bool alert) {
  return boost::json::object{
      {"@type", "answerCallbackQuery"},
      {"callback_query_id", std::to_string(td_int64(query, "id").value_or(0))},
      {"text", std::move(text)},
      {"show_alert", alert},
      {"url", ""},
      {"cache_time", 0}};
}

}  // namespace tglink
