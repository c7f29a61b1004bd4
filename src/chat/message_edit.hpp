#pragma once
// Editing a message the bot sent (ping's round trip, /broadcast's progress): the request, and the
// final id to edit, since TDLib answers a send with a temporary id first.

#include <chrono>
#include <cstdint>

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "chat/reply.hpp"
#include "chat/send_outcomes.hpp"

namespace tglink {

// editMessageText(chat_id, message_id, the reply's text and keyboard; no keyboard removes it).
[[nodiscard]] boost::json::object edit_text_request(std::int64_t chat_id, std::int64_t message_id,
                                                    const Reply& reply);

// The final id of the message in a send's answer: at once when TDLib answered it as sent, else
// once updateMessageSendSucceeded came (outcomes must follow that chat). 0 when it failed or no
// confirmation came within timeout.
[[nodiscard]] boost::asio::awaitable<std::int64_t> confirmed_message_id(
    SendOutcomes& outcomes, const boost::json::object& answer,
    std::chrono::steady_clock::duration timeout);

}  // namespace tglink
