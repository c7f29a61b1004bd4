#pragma once
// Editing a message the bot sent (ping's round trip, /broadcast's progress): the request, and the
// final id to edit, since TDLib answers a send with a temporary id first.

#include <chrono>
#include <cstdint>
#include <optional>

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "chat/messages/reply.hpp"
#include "chat/messages/send_outcomes.hpp"
#include "telegram/td_object.hpp"

namespace tglink {

// editMessageText(chat_id, message_id, the reply's text and keyboard; no keyboard removes it).
[[nodiscard]] boost::json::object edit_text_request(std::int64_t chat_id, std::int64_t message_id,
                                                    const Reply& reply);

// The error of an editMessageText answer, if the edit failed. An edit that changes nothing is
// not one: TDLib hands a bot the server's 400 "MESSAGE_NOT_MODIFIED" (EditMessageQuery::on_error
// swallows it only for users), and the message already shows what was asked.
[[nodiscard]] std::optional<TdError> edit_error(const boost::json::object& answer);

// Whether TDLib no longer holds the chat or the message to edit (after a restart, or once it
// unloaded an idle message): loading them again (message_loading.hpp) lets the edit through.
[[nodiscard]] bool needs_reload(const TdError& error);

// The final id of the message in a send's answer: at once when TDLib answered it as sent, else
// once updateMessageSendSucceeded came (outcomes must follow that chat). 0 when it failed or no
// confirmation came within timeout.
[[nodiscard]] boost::asio::awaitable<std::int64_t> confirmed_message_id(
    SendOutcomes& outcomes, const boost::json::object& answer,
    std::chrono::steady_clock::duration timeout);

}  // namespace tglink
