#include "telegram/td_client.hpp"

#include <utility>
#include <vector>

#include <boost/asio/post.hpp>
#include <boost/json/object.hpp>

#include "core/json_writer.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/td_json_library.hpp"

namespace tglink {

bool is_closed_update(const boost::json::object& update) {
  if (td_type(update) != "updateAuthorizationState") {
    return false;
  }
  return td_string(update, "authorization_state.@type") == "authorizationStateClosed";
}

TdClient::TdClient(std::shared_ptr<TdJsonLibrary> library, boost::asio::any_io_executor executor)
    : library_(std::move(library)),
      executor_(std::move(executor)),
      id_(library_->create_client_id()) {}

void TdClient::send(boost::json::object request, AnswerHandler on_answer) {
  if (closed_) {
    boost::asio::post(executor_, [on_answer = std::move(on_answer)] {
      on_answer(make_td_error(kClosedErrorCode, kClosedErrorMessage));
    });
    return;
  }
  const std::uint64_t extra = next_extra_++;
  request["@extra"] = extra;
  pending_.emplace(extra, std::move(on_answer));
  library_->send(id_, write_json(request));
}

SubscriptionId TdClient::subscribe(std::string update_type, UpdateHandler handler) {
  return updates_.add(std::move(update_type), std::move(handler));
}

void TdClient::unsubscribe(SubscriptionId id) { updates_.remove(id); }

void TdClient::deliver(boost::json::object message) {
  // An answer carries back our own "@extra", an unsigned number; anything else is an update.
  if (const std::optional<std::uint64_t> extra = td_uint64(message, "@extra")) {
    answer(*extra, std::move(message));
    return;
  }
  on_update(message);
}

void TdClient::answer(std::uint64_t extra, boost::json::object answer) {
  const auto pending = pending_.find(extra);
  if (pending == pending_.end()) {
    return;  // already failed by close, or not ours
  }
  // Out of the map before the call: the handler may send more requests.
  AnswerHandler handler = std::move(pending->second);
  pending_.erase(pending);
  answer.erase("@extra");
  answer.erase("@client_id");
  handler(std::move(answer));
}

void TdClient::on_update(const boost::json::object& update) {
  if (is_closed_update(update)) {
    closed_ = true;
    fail_pending();
  }
  updates_.route(update);
}

void TdClient::fail_pending() {
  std::vector<AnswerHandler> handlers;
  handlers.reserve(pending_.size());
  for (auto& [extra, handler] : pending_) {
    handlers.push_back(std::move(handler));
  }
  pending_.clear();
  for (const AnswerHandler& handler : handlers) {
    handler(make_td_error(kClosedErrorCode, kClosedErrorMessage));
  }
}

}  // namespace tglink
