#pragma once
// The order in which the leader handles relayed updates, the same for both stores: by the time
// they were relayed, then each chat's in message id order, so a user's messages keep theirs.

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "store/store.hpp"

namespace tglink {

inline void sort_relayed_updates(std::vector<RelayedUpdate>& messages) {
  std::sort(messages.begin(), messages.end(), [](const RelayedUpdate& a, const RelayedUpdate& b) {
    return std::tie(a.relayed_unix, a.chat_id, a.message_id, a.query_id) <
           std::tie(b.relayed_unix, b.chat_id, b.message_id, b.query_id);
  });
}

// Rejects what TDLib never gives: an update without a chat; a new message without a positive id;
// a keyed update (a button press, a channel's edit or member change) without its update. A
// member change names no message: its message id is 0.
inline void require_valid_relay(const RelayedUpdate& update) {
  const bool keyed = !update.query_id.empty();
  if (update.chat_id == 0 || update.message_id < 0 || (!keyed && update.message_id == 0)) {
    throw StoreError("relay_update: chat id " + std::to_string(update.chat_id) +
                     " and message id " + std::to_string(update.message_id) +
                     " do not name a message");
  }
  if (keyed && update.query.empty()) {
    throw StoreError("relay_update: update " + update.query_id + " without its JSON");
  }
}

}  // namespace tglink
