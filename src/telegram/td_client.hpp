#pragma once
// One real TDLib client over libtdjson (see telegram_client.hpp for the contract).
//
// Each request gets a unique numeric "@extra"; the answer carrying it completes that request.
// Messages without "@extra" are updates and go to the subscribers of their "@type".
// When TDLib reports authorizationStateClosed the client is closed for good: requests still
// pending, and any sent later, are answered with error 500 "client closed", so no coroutine
// waits forever.
//
// TdClient does not read td_receive itself: the owner of the TdReceiver (BotPool) passes each
// message for id() to deliver(), on the io_context thread.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>

#include <boost/asio/any_io_executor.hpp>

#include "telegram/telegram_client.hpp"
#include "telegram/update_router.hpp"

namespace tglink {

class TdJsonLibrary;

class TdClient final : public TelegramClient {
 public:
  static constexpr std::int32_t kClosedErrorCode = 500;
  static constexpr const char* kClosedErrorMessage = "client closed";

  // Creates a new TDLib client id; TDLib starts the client with the first request sent.
  // Answers that cannot be given inline (a closed client's) are posted to executor.
  TdClient(std::shared_ptr<TdJsonLibrary> library, boost::asio::any_io_executor executor);
  TdClient(const TdClient&) = delete;
  TdClient& operator=(const TdClient&) = delete;

  [[nodiscard]] std::int32_t id() const { return id_; }
  [[nodiscard]] bool closed() const { return closed_; }
  [[nodiscard]] std::size_t pending_count() const { return pending_.size(); }

  void send(boost::json::object request, AnswerHandler on_answer) override;
  SubscriptionId subscribe(std::string update_type, UpdateHandler handler) override;
  void unsubscribe(SubscriptionId id) override;

  // One answer or update TDLib delivered for this client.
  void deliver(boost::json::object message);

 private:
  void answer(std::uint64_t extra, boost::json::object answer);
  void on_update(const boost::json::object& update);
  void fail_pending();

  std::shared_ptr<TdJsonLibrary> library_;
  boost::asio::any_io_executor executor_;
  std::int32_t id_;
  std::uint64_t next_extra_ = 1;
  std::unordered_map<std::uint64_t, AnswerHandler> pending_;
  UpdateRouter updates_;
  bool closed_ = false;
};

// True for updateAuthorizationState with authorizationStateClosed.
[[nodiscard]] bool is_closed_update(const boost::json::object& update);

}  // namespace tglink
