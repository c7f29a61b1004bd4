#include "chat/uploads/channel_buttons.hpp"

#include "config/config.hpp"
#include "links/link_urls.hpp"

namespace tglink {

namespace json = boost::json;

std::vector<std::vector<InlineButton>> channel_buttons(const Config& config, const MadeLink& link) {
  const std::string stream = stream_url(config.base_url, link.token);
  std::vector<std::vector<InlineButton>> rows;
  std::vector<InlineButton> first{
      InlineButton::link("Download", download_url(config.base_url, link.token))};
  if (is_streamable(link.file)) first.push_back(InlineButton::link("Stream", stream));
  rows.push_back(std::move(first));
  if (is_video(link.file) && config.video_frontend_enabled) {
    rows.push_back({InlineButton::link("Play", player_link(config.player_url(), stream))});
  }
  return sendable_rows(rows);
}

json::object edit_reply_markup_request(std::int64_t chat_id, std::int64_t message_id,
                                       const std::vector<std::vector<InlineButton>>& rows) {
  return json::object{{"@type", "editMessageReplyMarkup"},
                      {"chat_id", chat_id},
                      {"message_id", message_id},
                      {"reply_markup", inline_keyboard(rows)}};
}

json::object reply_under_request(std::int64_t chat_id, std::int64_t message_id,
                                 const Reply& reply) {
  json::object request = send_message_request(chat_id, reply);
  request["reply_to"] =
      json::object{{"@type", "inputMessageReplyToMessage"}, {"message_id", message_id}};
  return request;
}

}  // namespace tglink
