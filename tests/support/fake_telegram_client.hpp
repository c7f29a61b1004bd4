#pragma once
// A scripted TelegramClient for tests. It records every request, and the test decides what
// happens: answer a request now, let an auto-responder answer a request type, or push an update.
// Everything runs inline on the caller's thread, so a test needs no io_context unless it uses
// request() (which resumes the coroutine through its executor).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/object.hpp>

#include "telegram/telegram_client.hpp"
#include "telegram/update_router.hpp"

namespace tglink::testing {

class FakeTelegramClient final : public TelegramClient {
 public:
  // Builds the answer to a request; installed per request type with respond_to().
  using Responder = std::function<boost::json::object(const boost::json::object& request)>;

  struct SentRequest {
    std::uint64_t id = 0;  // the order of sending, from 1
    boost::json::object request;
    bool answered = false;
  };

  void send(boost::json::object request, AnswerHandler on_answer) override;
  SubscriptionId subscribe(std::string update_type, UpdateHandler handler) override;
  void unsubscribe(SubscriptionId id) override;

  // Every request sent so far, oldest first.
  [[nodiscard]] const std::vector<SentRequest>& sent() const { return sent_; }
  // The "@type" of every request sent so far, oldest first.
  [[nodiscard]] std::vector<std::string> sent_types() const;
  // The requests of one type, oldest first.
  [[nodiscard]] std::vector<boost::json::object> sent_of_type(std::string_view type) const;
  [[nodiscard]] std::size_t pending_count() const { return handlers_.size(); }

  // Answers the oldest unanswered request of this type; false when there is none.
  bool answer(std::string_view type, boost::json::object answer);
  // Answers the oldest unanswered request of this type with a TDLib error object.
  bool fail(std::string_view type, std::int32_t code, std::string_view message);
  // From now on, every request of this type (and any still pending) is answered by responder.
  void respond_to(std::string type, Responder responder);
  // Delivers an update to its subscribers; returns how many ran.
  std::size_t push_update(const boost::json::object& update);
  // Pushes updateAuthorizationState with the given state type, e.g. "authorizationStateReady".
  std::size_t push_authorization_state(std::string_view state_type);
  // Pushes updateConnectionState with the given state type, e.g. "connectionStateReady".
  std::size_t push_connection_state(std::string_view state_type);
  [[nodiscard]] std::size_t subscriber_count(const std::string& update_type) const;

 private:
  std::optional<std::uint64_t> oldest_pending(std::string_view type) const;
  void complete(std::uint64_t id, boost::json::object answer);

  std::vector<SentRequest> sent_;
  std::map<std::uint64_t, AnswerHandler> handlers_;
  std::map<std::string, Responder, std::less<>> responders_;
  UpdateRouter updates_;
};

}  // namespace tglink::testing
