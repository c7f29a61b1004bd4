#pragma once
// A button press (TDLib's updateNewCallbackQuery) as the chat side reads it, and the one way to
// answer it (answerCallbackQuery). Telegram clients show a spinner on the button until the
// query is answered, so every handler answers, even when it only says no.

#include <string>

#include <boost/json/object.hpp>

namespace tglink {

// The query's data bytes, decoded from TDLib's base64; empty when it carries none.
[[nodiscard]] std::string callback_data(const boost::json::object& query);

// answerCallbackQuery for the query: `text` as a toast, or as a dialog when `alert` is true.
// cache_time 0: the answer depends on the moment (a page of links, a broadcast's state).
[[nodiscard]] boost::json::object answer_callback(const boost::json::object& query,
                                                  std::string text, bool alert = false);

}  // namespace tglink
