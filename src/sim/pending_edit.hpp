#pragma once
// An editMessageText that passed TDLib's own checks and waits for the server: the answer comes
// once the server takes the edit, which may be after a flood wait or a reconnect, since TDLib
// (NetQueryDelayer) sits those out before it answers.

#include <cstdint>
#include <string>

#include <boost/json.hpp>

namespace tglink::sim {

struct PendingEdit {
  int client_id = 0;
  boost::json::value extra;  // the request's @extra, for the late answer
  std::int64_t chat_id = 0;
  std::int64_t message_id = 0;
  std::string text;
  boost::json::array entities;
  boost::json::value reply_markup;
  int flood_waited_seconds = 0;  // NetQueryDelayer's total_timeout for this query
  // editMessageReplyMarkup: only the keyboard changes (text and entities are ignored).
  bool markup_only = false;
};

}  // namespace tglink::sim
