#pragma once
// The buttons channel mode puts on a post (editMessageReplyMarkup): Download, Stream for video
// and audio, Play for video when the player is on; and the requests that put them there, or that
// answer under the post when they cannot be.

#include <cstdint>
#include <vector>

#include <boost/json/object.hpp>

#include "chat/messages/reply.hpp"
#include "chat/uploads/link_reply.hpp"

namespace tglink {

struct Config;

// The rows Telegram will take (sendable_rows): empty when BASE_URL's host has no dot, since
// Telegram refuses such a URL in a button.
[[nodiscard]] std::vector<std::vector<InlineButton>> channel_buttons(const Config& config,
                                                                     const MadeLink& link);

// editMessageReplyMarkup(chat_id, message_id, replyMarkupInlineKeyboard(rows)).
[[nodiscard]] boost::json::object edit_reply_markup_request(
    std::int64_t chat_id, std::int64_t message_id,
    const std::vector<std::vector<InlineButton>>& rows);

// sendMessage into chat_id as a reply to message_id (inputMessageReplyToMessage).
[[nodiscard]] boost::json::object reply_under_request(std::int64_t chat_id, std::int64_t message_id,
                                                      const Reply& reply);

}  // namespace tglink
