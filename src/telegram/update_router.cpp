#include "telegram/update_router.hpp"

#include <utility>
#include <vector>

namespace tglink {

SubscriptionId UpdateRouter::add(std::string update_type, UpdateHandler handler) {
  const SubscriptionId id = next_id_++;
  by_type_[update_type].emplace(id, std::make_shared<UpdateHandler>(std::move(handler)));
  type_of_.emplace(id, std::move(update_type));
  return id;
}

void UpdateRouter::remove(SubscriptionId id) {
  const auto type = type_of_.find(id);
  if (type == type_of_.end()) {
    return;
  }
  const auto handlers = by_type_.find(type->second);
  if (handlers != by_type_.end()) {
    handlers->second.erase(id);
    if (handlers->second.empty()) {
      by_type_.erase(handlers);
    }
  }
  type_of_.erase(type);
}

std::size_t UpdateRouter::route(const boost::json::object& update) {
  const std::string type(td_type(update));
  const auto handlers = by_type_.find(type);
  if (handlers == by_type_.end()) {
    return 0;
  }
  // Handlers may change the subscriptions; the shared_ptrs keep each one alive while it runs.
  const std::vector<std::pair<SubscriptionId, std::shared_ptr<UpdateHandler>>> snapshot(
      handlers->second.begin(), handlers->second.end());
  std::size_t ran = 0;
  for (const auto& [id, handler] : snapshot) {
    if (is_subscribed(type, id)) {
      (*handler)(update);
      ++ran;
    }
  }
  return ran;
}

std::size_t UpdateRouter::subscriber_count(const std::string& update_type) const {
  const auto handlers = by_type_.find(update_type);
  return handlers == by_type_.end() ? 0 : handlers->second.size();
}

bool UpdateRouter::is_subscribed(const std::string& update_type, SubscriptionId id) const {
  const auto type = type_of_.find(id);
  return type != type_of_.end() && type->second == update_type;
}

}  // namespace tglink
