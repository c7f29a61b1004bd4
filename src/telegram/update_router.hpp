#pragma once
// Subscribers to TDLib updates, keyed by the update's "@type". Shared by TdClient and the test
// fake so both route the same way.
//
// A handler may subscribe or unsubscribe anyone (itself included) while it runs: route() works
// on a snapshot and skips handlers removed in the meantime; handlers added meanwhile first see
// the next update.

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>

#include <boost/json/object.hpp>

#include "telegram/telegram_client.hpp"

namespace tglink {

class UpdateRouter {
 public:
  SubscriptionId add(std::string update_type, UpdateHandler handler);
  void remove(SubscriptionId id);
  // Calls every handler subscribed to the update's "@type"; returns how many ran.
  std::size_t route(const boost::json::object& update);
  [[nodiscard]] std::size_t subscriber_count(const std::string& update_type) const;

 private:
  // Ordered by id, so handlers run in the order they subscribed.
  using Handlers = std::map<SubscriptionId, std::shared_ptr<UpdateHandler>>;

  [[nodiscard]] bool is_subscribed(const std::string& update_type, SubscriptionId id) const;

  std::unordered_map<std::string, Handlers> by_type_;
  std::unordered_map<SubscriptionId, std::string> type_of_;
  SubscriptionId next_id_ = 1;
};

}  // namespace tglink
