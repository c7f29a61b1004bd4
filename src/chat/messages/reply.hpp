#pragma once
// One message the bot sends: formatted text and an optional inline keyboard, turned into TDLib's
// sendMessage request.

#include <cstdint>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "chat/messages/formatted_text.hpp"

namespace tglink {

struct InlineButton {
  std::string text;
  std::string url;            // a URL button when set
  std::string callback_data;  // otherwise a callback button carrying these bytes

  [[nodiscard]] static InlineButton link(std::string text, std::string url);
  [[nodiscard]] static InlineButton callback(std::string text, std::string data);
};

struct Reply {
  FormattedText text;
  std::vector<std::vector<InlineButton>> keyboard;  // rows of buttons; empty = no keyboard
};

// A reply with just this plain text.
[[nodiscard]] Reply plain_reply(std::string_view text);

// The reply as messages Telegram accepts (at most kTelegramMessageUnits UTF-16 units of text
// each): one when it fits, otherwise its text split after line breaks (FormattedText::split),
// with the keyboard on the last message, under the text it belongs to.
[[nodiscard]] std::vector<Reply> split_reply(const Reply& reply);

// The reply cut to one message with "…" at its end, for an edit, which cannot be split.
[[nodiscard]] Reply one_message_reply(const Reply& reply);

// sendMessage(chat_id, inputMessageText{text, link previews off}, replyMarkupInlineKeyboard).
// `reply` must fit in one message (split_reply).
[[nodiscard]] boost::json::object send_message_request(std::int64_t chat_id, const Reply& reply);

// The rows without the URL buttons Telegram would refuse (telegram_accepts_link), and without
// rows left empty: one such button would make TDLib refuse the whole message.
[[nodiscard]] std::vector<std::vector<InlineButton>> sendable_rows(
    const std::vector<std::vector<InlineButton>>& rows);

// The inline keyboard as TDLib's replyMarkupInlineKeyboard (callback data base64-encoded, as
// TDLib's "bytes" fields are), with sendable_rows only.
[[nodiscard]] boost::json::object inline_keyboard(
    const std::vector<std::vector<InlineButton>>& rows);

}  // namespace tglink
