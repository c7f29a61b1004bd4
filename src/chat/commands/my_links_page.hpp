#pragma once
// /mylinks: the user's links, newest first, kMyLinksPerPage to a page. Each shows its file name,
// size, expiry (or that it expired or was revoked), downloads and bytes served, and, while it
// works, its download link and a button that revokes it. Paging buttons edit the same message.
//
// A user may revoke only their own links (admins any, as with /revoke). The buttons' callback
// data stays far inside Telegram's 64 bytes:
//   "ml:p:<page>"               show that page (0 = the newest links)
//   "ml:r:<page>:<message id>"  revoke the link named by its LOG_CHANNEL message, then show the
//                               page again
// At most 5 + 1 + 10 + 1 + 19 = 36 bytes.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "chat/messages/reply.hpp"

namespace tglink {

struct ChatContext;

inline constexpr int kMyLinksPerPage = 5;

struct MyLinksButton {
  enum class Action { show_page, revoke };
  Action action = Action::show_page;
  int page = 0;
  std::int64_t message_id = 0;  // the link to revoke
};

[[nodiscard]] std::string my_links_page_data(int page);
[[nodiscard]] std::string my_links_revoke_data(int page, std::int64_t message_id);
[[nodiscard]] bool is_my_links_button(std::string_view data);
// nullopt for data that is not a well-formed /mylinks button.
[[nodiscard]] std::optional<MyLinksButton> parse_my_links_button(std::string_view data);

// Page `page` of the user's links (the last page when `page` is past it), with its buttons.
[[nodiscard]] boost::asio::awaitable<Reply> my_links_page(const ChatContext& chat,
                                                          std::int64_t user_id, int page);

// A press on a /mylinks button (updateNewCallbackQuery): revokes when asked and allowed, answers
// the query, and edits the list in place. Banned users' presses do nothing.
[[nodiscard]] boost::asio::awaitable<void> handle_my_links_button(const ChatContext& chat,
                                                                  boost::json::object query);

}  // namespace tglink
