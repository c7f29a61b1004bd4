#include "chat/messages/reply.hpp"

#include <algorithm>
#include <iterator>

#include "core/base64.hpp"
#include "core/telegram_button_urls.hpp"
#include "core/user_text.hpp"

namespace tglink {

namespace json = boost::json;

InlineButton InlineButton::link(std::string text, std::string url) {
  return InlineButton{.text = std::move(text), .url = std::move(url), .callback_data = {}};
}

InlineButton InlineButton::callback(std::string text, std::string data) {
  return InlineButton{.text = std::move(text), .url = {}, .callback_data = std::move(data)};
}

Reply plain_reply(std::string_view text) {
  Reply reply;
  reply.text.plain(text);
  return reply;
}

namespace {

json::object button_type(const InlineButton& button) {
  if (!button.url.empty()) {
    return json::object{{"@type", "inlineKeyboardButtonTypeUrl"}, {"url", button.url}};
  }
  return json::object{{"@type", "inlineKeyboardButtonTypeCallback"},
                      {"data", base64_encode(button.callback_data)}};
}

// A URL button Telegram would refuse makes TDLib refuse the whole message, so it is left out;
// the reply's text carries the address when the reader needs it (see link_reply).
bool is_sendable(const InlineButton& button) {
  return button.url.empty() || telegram_accepts_link(button.url);
}

}  // namespace

std::vector<std::vector<InlineButton>> sendable_rows(
    const std::vector<std::vector<InlineButton>>& rows) {
  std::vector<std::vector<InlineButton>> kept;
  for (const auto& row : rows) {
    std::vector<InlineButton> buttons;
    std::copy_if(row.begin(), row.end(), std::back_inserter(buttons), is_sendable);
    if (!buttons.empty()) kept.push_back(std::move(buttons));
  }
  return kept;
}

namespace {

json::array keyboard_rows(const std::vector<std::vector<InlineButton>>& rows) {
  json::array json_rows;
  for (const auto& row : sendable_rows(rows)) {
    json::array json_row;
    for (const InlineButton& button : row) {
      json_row.push_back(json::object{
          {"@type", "inlineKeyboardButton"}, {"text", button.text}, {"type", button_type(button)}});
    }
    json_rows.push_back(std::move(json_row));
  }
  return json_rows;
}

}  // namespace

json::object inline_keyboard(const std::vector<std::vector<InlineButton>>& rows) {
  return json::object{{"@type", "replyMarkupInlineKeyboard"}, {"rows", keyboard_rows(rows)}};
}

std::vector<Reply> split_reply(const Reply& reply) {
  std::vector<Reply> messages;
  for (FormattedText& piece : reply.text.split(kTelegramMessageUnits)) {
    messages.push_back(Reply{std::move(piece), {}});
  }
  messages.back().keyboard = reply.keyboard;
  return messages;
}

Reply one_message_reply(const Reply& reply) {
  if (reply.text.utf16_size() <= static_cast<std::int64_t>(kTelegramMessageUnits)) return reply;
  Reply first{reply.text.split(kTelegramMessageUnits - 1).front(), reply.keyboard};
  first.text.plain("…");
  return first;
}

json::object send_message_request(std::int64_t chat_id, const Reply& reply) {
  json::object content{{"@type", "inputMessageText"},
                       {"text", reply.text.to_json()},
                       {"link_preview_options",
                        json::object{{"@type", "linkPreviewOptions"}, {"is_disabled", true}}},
                       {"clear_draft", false}};
  json::object request{{"@type", "sendMessage"},
                       {"chat_id", chat_id},
                       {"input_message_content", std::move(content)}};
  if (!sendable_rows(reply.keyboard).empty()) {
    request["reply_markup"] = inline_keyboard(reply.keyboard);
  }
  return request;
}

}  // namespace tglink
