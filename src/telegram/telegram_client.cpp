#include "telegram/telegram_client.hpp"

#include <memory>
#include <utility>

#include <boost/asio/associated_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace tglink {
namespace {

// Hands the answer to the waiting coroutine through its executor, never inline: send() may
// answer before it returns (a closed client, a fake), and resuming the coroutine from inside the
// client's own dispatch loop would re-enter it.
template <typename Handler>
void complete_later(std::shared_ptr<Handler> handler, boost::json::object answer) {
  auto executor = boost::asio::get_associated_executor(*handler);
  boost::asio::post(
      executor, [handler, answer = std::move(answer)]() mutable { (*handler)(std::move(answer)); });
}

}  // namespace

boost::asio::awaitable<boost::json::object> TelegramClient::request(boost::json::object request) {
  auto initiate = [this](auto handler, boost::json::object request) {
    // AnswerHandler is a copyable std::function; the coroutine's handler is move-only.
    auto shared = std::make_shared<decltype(handler)>(std::move(handler));
    send(std::move(request),
         [shared](boost::json::object answer) { complete_later(shared, std::move(answer)); });
  };
  co_return co_await boost::asio::async_initiate<const boost::asio::use_awaitable_t<>&,
                                                 void(boost::json::object)>(
      initiate, boost::asio::use_awaitable, std::move(request));
}

}  // namespace tglink
