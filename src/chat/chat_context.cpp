#include "chat/chat_context.hpp"

#include "logging/log.hpp"
#include "store/store_executor.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

boost::asio::awaitable<void> ChatContext::on_store(std::function<void(Store&)> work) const {
  if (store_work == nullptr) {
    work(store);
    co_return;
  }
  Store& target = store;
  co_await store_work->run([&target, &work] { work(target); });
}

boost::asio::awaitable<bool> ChatContext::reply(std::int64_t chat_id, Reply reply) const {
  for (const Reply& message : split_reply(reply)) {
    boost::json::object request = send_message_request(chat_id, message);
    const boost::json::object answer = co_await client.request(std::move(request));
    if (const auto error = td_error(answer)) {
      log.warning("Reply to chat {} not sent: {} {}", chat_id, error->code, error->message);
      co_return false;
    }
  }
  co_return true;
}

}  // namespace tglink
