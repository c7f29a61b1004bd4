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
