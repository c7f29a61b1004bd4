#pragma once
// Messages a client has sent that the server has not taken yet. TDLib answers sendMessage and
// forwardMessages with these at once (sending_state messageSendingStatePending) and sends them
// one after another per chat (MessagesManager's per-dialog send sequence), waiting while the
// connection is down or a FLOOD_WAIT runs; the outcome comes later as updateMessageSendSucceeded
// or updateMessageSendFailed.

#include <cstdint>
#include <deque>
#include <utility>

#include <boost/json.hpp>

#include "sim/world.hpp"

namespace tglink::sim {

struct PendingSend {
  std::int64_t temporary_id = 0;  // the yet-unsent id the client was answered with
  MessageRecord record;           // what the server stores once it takes the message
  boost::json::object temporary;  // the pending message as answered
  int flood_waited_seconds = 0;   // NetQueryDelayer's total_timeout for this query
};

struct ChatOutbox {
  std::deque<PendingSend> sends;  // in the order they were sent
  bool attempt_scheduled = false;
};

// (client id, chat id): each client sends into each chat in order.
using OutboxKey = std::pair<int, std::int64_t>;

}  // namespace tglink::sim
