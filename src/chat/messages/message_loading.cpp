#include "chat/messages/message_loading.hpp"

namespace tglink {

namespace json = boost::json;

json::object load_chat_request(std::int64_t chat_id) {
  return json::object{{"@type", "getChat"}, {"chat_id", chat_id}};
}

json::object load_message_request(std::int64_t chat_id, std::int64_t message_id) {
  return json::object{{"@type", "getMessage"}, {"chat_id", chat_id}, {"message_id", message_id}};
}

boost::asio::awaitable<std::optional<TdError>> load_chat(TelegramClient& client,
                                                         std::int64_t chat_id) {
  const json::object answer = co_await client.request(load_chat_request(chat_id));
  co_return td_error(answer);
}

boost::asio::awaitable<std::optional<TdError>> load_message(TelegramClient& client,
                                                            std::int64_t chat_id,
                                                            std::int64_t message_id) {
  if (std::optional<TdError> error = co_await load_chat(client, chat_id)) co_return error;
  const json::object answer = co_await client.request(load_message_request(chat_id, message_id));
  co_return td_error(answer);
}

}  // namespace tglink
