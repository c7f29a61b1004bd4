#pragma once
// The order in which the leader handles relayed messages, the same for both stores: by the time
// they were relayed, then each chat's in message id order, so a user's messages keep theirs.

#include <algorithm>
#include <tuple>
#include <vector>

#include "store/store.hpp"

namespace tglink {

inline void sort_relayed_messages(std::vector<RelayedMessage>& messages) {
  std::sort(messages.begin(), messages.end(), [](const RelayedMessage& a, const RelayedMessage& b) {
    return std::tie(a.relayed_unix, a.chat_id, a.message_id) <
           std::tie(b.relayed_unix, b.chat_id, b.message_id);
  });
}

// Rejects what TDLib never gives: a message without a chat or a positive id.
inline void require_valid_relay(const RelayedMessage& message) {
  if (message.chat_id == 0 || message.message_id <= 0) {
    throw StoreError("relay_message: chat id " + std::to_string(message.chat_id) +
                     " and message id " + std::to_string(message.message_id) +
                     " do not name a message");
  }
}

}  // namespace tglink
