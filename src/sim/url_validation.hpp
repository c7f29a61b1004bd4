#pragma once
// URL checks as TDLib makes them before sending: LinkManager::check_link
// (td/telegram/LinkManager.cpp) on top of parse_url (tdutils/td/utils/HttpUrl.cpp). TDLib refuses
// the whole request when an inline keyboard URL button (get_inline_keyboard_button,
// ReplyMarkup.cpp) or a textEntityTypeTextUrl (get_message_entities, MessageEntity.cpp) fails the
// check; plain URLs in the text (textEntityTypeUrl) are not checked.

#include <string>
#include <string_view>

#include <boost/json.hpp>

namespace tglink::sim {

// The result of LinkManager::check_link: the normalized URL TDLib keeps, or its error text
// ("URL 'http://localhost/' is invalid: Wrong HTTP URL").
struct CheckedLink {
  std::string url;
  std::string error;
  [[nodiscard]] bool ok() const { return error.empty(); }
};

// Accepts http and https URLs whose host has a dot (or is an IPv6 literal), and tg:// links.
// Stricter than TDLib in one place: ton: and tonsite: links are refused as unsupported.
[[nodiscard]] CheckedLink check_link(std::string_view link);

// Checks every URL button of a replyMarkupInlineKeyboard (as the simulator stores it) and every
// textEntityTypeTextUrl in `entities`, normalizing the URLs that pass. Answers the 400 message
// TDLib gives for the first refused one ("Inline keyboard button URL '…' is invalid: …" or
// "Entity URL '…' is invalid: …"), or "" when all pass. The keyboard is checked first, as
// MessagesManager::send_message does.
[[nodiscard]] std::string refused_link(boost::json::value& reply_markup,
                                       boost::json::array& entities);

}  // namespace tglink::sim
