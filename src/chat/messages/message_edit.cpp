#include "chat/messages/message_edit.hpp"

#include "telegram/td_fields.hpp"

namespace tglink {

namespace json = boost::json;

json::object edit_text_request(std::int64_t chat_id, std::int64_t message_id, const Reply& reply) {
  json::object request = send_message_request(chat_id, one_message_reply(reply));
  request["@type"] = "editMessageText";
  request["message_id"] = message_id;
  return request;
}

std::optional<TdError> edit_error(const json::object& answer) {
  std::optional<TdError> error = td_error(answer);
  if (error && error->code == 400 && error->message == "MESSAGE_NOT_MODIFIED") return std::nullopt;
  return error;
}

bool needs_reload(const TdError& error) {
  return error.code == 400 &&
         (error.message == "Chat not found" || error.message == "Message not found");
}

boost::asio::awaitable<std::int64_t> confirmed_message_id(
    SendOutcomes& outcomes, const json::object& answer,
    std::chrono::steady_clock::duration timeout) {
  const std::int64_t first_id = td_int53(answer, "id").value_or(0);
  if (!answer.contains("sending_state")) co_return first_id;
  const std::optional<SendOutcome> outcome = co_await outcomes.wait(first_id, timeout);
  co_return outcome && !outcome->error ? outcome->message_id : 0;
}

}  // namespace tglink
