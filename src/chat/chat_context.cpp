#include "chat/chat_context.hpp"

#include "logging/log.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

boost::asio::awaitable<bool> ChatContext::reply(std::int64_t chat_id, Reply reply) const {
  boost::json::object request = send_message_request(chat_id, reply);
  const boost::json::object answer = co_await client.request(std::move(request));
  if (const auto error = td_error(answer)) {
    log.warning("Reply to chat {} not sent: {} {}", chat_id, error->code, error->message);
    co_return false;
  }
  co_return true;
}

}  // namespace tglink
