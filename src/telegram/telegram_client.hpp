#pragma once
// What one bot's TDLib client offers the rest of tglink: requests with answers, and updates by
// type. TdClient (td_client.hpp) is the real one; tests use FakeTelegramClient
// (tests/support/fake_telegram_client.hpp).
//
// Threading: every method is called, and every handler runs, on the io_context thread.
//
// Requests and answers are TDLib's JSON objects as they are: {"@type":"getMe"} in, and the
// answer object out, which is {"@type":"error","code":..,"message":..} when TDLib refused.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "telegram/td_object.hpp"

namespace tglink {

// Receives the answer to one request. Called exactly once, unless the client is destroyed.
using AnswerHandler = std::function<void(boost::json::object answer)>;
// Receives each update of the type it subscribed to ("updateFile", "updateNewMessage", ...).
using UpdateHandler = std::function<void(const boost::json::object& update)>;
using SubscriptionId = std::uint64_t;

class TelegramClient {
 public:
  virtual ~TelegramClient() = default;

  // Sends a request. Any "@extra" in it is the client's to overwrite.
  virtual void send(boost::json::object request, AnswerHandler on_answer) = 0;

  // Updates whose "@type" is update_type go to handler, in the order TDLib sent them.
  // A handler may subscribe or unsubscribe (itself included) while it runs.
  virtual SubscriptionId subscribe(std::string update_type, UpdateHandler handler) = 0;
  virtual void unsubscribe(SubscriptionId id) = 0;

  // send() as a coroutine: resumes on the caller's executor with the answer (or error object).
  [[nodiscard]] boost::asio::awaitable<boost::json::object> request(boost::json::object request);
};

}  // namespace tglink
