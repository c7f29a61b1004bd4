#include "chat/reply.hpp"

#include "chat/base64.hpp"

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

}  // namespace

json::object inline_keyboard(const std::vector<std::vector<InlineButton>>& rows) {
  json::array json_rows;
  for (const auto& row : rows) {
    json::array json_row;
    for (const InlineButton& button : row) {
      json_row.push_back(json::object{
          {"@type", "inlineKeyboardButton"}, {"text", button.text}, {"type", button_type(button)}});
    }
    json_rows.push_back(std::move(json_row));
  }
  return json::object{{"@type", "replyMarkupInlineKeyboard"}, {"rows", std::move(json_rows)}};
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
  if (!reply.keyboard.empty()) request["reply_markup"] = inline_keyboard(reply.keyboard);
  return request;
}

}  // namespace tglink
