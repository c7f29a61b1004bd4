#include "support/fake_telegram_client.hpp"

#include <utility>

namespace tglink::testing {

void FakeTelegramClient::send(boost::json::object request, AnswerHandler on_answer) {
  const std::uint64_t id = sent_.size() + 1;
  sent_.push_back(SentRequest{id, request, false});
  handlers_.emplace(id, std::move(on_answer));
  const auto responder = responders_.find(td_type(request));
  if (responder != responders_.end()) {
    complete(id, responder->second(request));
  }
}

SubscriptionId FakeTelegramClient::subscribe(std::string update_type, UpdateHandler handler) {
  return updates_.add(std::move(update_type), std::move(handler));
}

void FakeTelegramClient::unsubscribe(SubscriptionId id) { updates_.remove(id); }

std::vector<std::string> FakeTelegramClient::sent_types() const {
  std::vector<std::string> types;
  for (const SentRequest& sent : sent_) {
    types.emplace_back(td_type(sent.request));
  }
  return types;
}

std::vector<boost::json::object> FakeTelegramClient::sent_of_type(std::string_view type) const {
  std::vector<boost::json::object> requests;
  for (const SentRequest& sent : sent_) {
    if (td_type(sent.request) == type) {
      requests.push_back(sent.request);
    }
  }
  return requests;
}

bool FakeTelegramClient::answer(std::string_view type, boost::json::object answer) {
  const std::optional<std::uint64_t> id = oldest_pending(type);
  if (!id) {
    return false;
  }
  complete(*id, std::move(answer));
  return true;
}

bool FakeTelegramClient::fail(std::string_view type, std::int32_t code, std::string_view message) {
  return answer(type, make_td_error(code, message));
}

void FakeTelegramClient::respond_to(std::string type, Responder responder) {
  responders_.insert_or_assign(type, std::move(responder));
  while (const std::optional<std::uint64_t> id = oldest_pending(type)) {
    complete(*id, responders_.at(type)(sent_[*id - 1].request));
  }
}

std::size_t FakeTelegramClient::push_update(const boost::json::object& update) {
  return updates_.route(update);
}

std::size_t FakeTelegramClient::push_authorization_state(std::string_view state_type) {
  return push_update(
      {{"@type", "updateAuthorizationState"}, {"authorization_state", {{"@type", state_type}}}});
}

std::size_t FakeTelegramClient::push_connection_state(std::string_view state_type) {
  return push_update({{"@type", "updateConnectionState"}, {"state", {{"@type", state_type}}}});
}

std::size_t FakeTelegramClient::subscriber_count(const std::string& update_type) const {
  return updates_.subscriber_count(update_type);
}

std::optional<std::uint64_t> FakeTelegramClient::oldest_pending(std::string_view type) const {
  for (const auto& [id, handler] : handlers_) {
    if (td_type(sent_[id - 1].request) == type) {
      return id;
    }
  }
  return std::nullopt;
}

void FakeTelegramClient::complete(std::uint64_t id, boost::json::object answer) {
  const auto handler = handlers_.find(id);
  // Out of the map first: the handler may send more requests.
  AnswerHandler on_answer = std::move(handler->second);
  handlers_.erase(handler);
  sent_[id - 1].answered = true;
  on_answer(std::move(answer));
}

}  // namespace tglink::testing
