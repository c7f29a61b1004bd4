#include "chat/commands/my_links_page.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>

#include <fmt/format.h>

#include "chat/access_control.hpp"
#include "chat/chat_context.hpp"
#include "chat/messages/callback_query.hpp"
#include "chat/messages/message_edit.hpp"
#include "chat/uploads/link_reply.hpp"
#include "config/config.hpp"
#include "core/human_size.hpp"
#include "core/user_text.hpp"
#include "links/link_token.hpp"
#include "links/link_urls.hpp"
#include "logging/log.hpp"
#include "store/store.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {

constexpr std::string_view kPagePrefix = "ml:p:";
constexpr std::string_view kRevokePrefix = "ml:r:";
constexpr std::size_t kCallbackAnswerNameUnits = 180;

template <typename Int>
std::optional<Int> whole_number(std::string_view text) {
  Int value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

std::int64_t unix_now(const ChatContext& chat) {
  return std::chrono::duration_cast<std::chrono::seconds>(chat.clock.now().time_since_epoch())
      .count();
}

std::optional<SystemTime> expiry_of(const LinkRecord& link) {
  if (link.expires_unix == 0) return std::nullopt;
  return SystemTime{std::chrono::seconds{link.expires_unix}};
}

bool works(const LinkRecord& link, std::int64_t now) {
  return !link.revoked && (link.expires_unix == 0 || link.expires_unix > now);
}

std::string status_of(const LinkRecord& link, std::int64_t now) {
  if (link.revoked) return "Revoked";
  if (link.expires_unix == 0) return "Never expires";
  const std::string when = format_minute_utc(*expiry_of(link));
  return link.expires_unix > now ? "Expires " + when : "Expired " + when;
}

void add_entry(const ChatContext& chat, FormattedText& text, int number, const LinkRecord& link,
               std::int64_t now) {
  text.plain(fmt::format("{}. ", number)).bold(text_for_chat(link.file_name, kQuotedTextUnits));
  text.plain(fmt::format(" ({})\n", format_size(link.file_size)));
  text.plain(fmt::format("{} · {} download{} · {} served\n", status_of(link, now), link.downloads,
                         link.downloads == 1 ? "" : "s", format_size(link.bytes_served)));
  if (works(link, now)) {
    const std::string token = chat.links.encode(LinkClaims{link.message_id, expiry_of(link)});
    text.url(download_url(chat.config.base_url, token)).plain("\n");
  }
}

std::vector<InlineButton> paging_row(int page, int pages) {
  std::vector<InlineButton> row;
  if (page > 0) row.push_back(InlineButton::callback("« Newer", my_links_page_data(page - 1)));
  if (page + 1 < pages) {
    row.push_back(InlineButton::callback("Older »", my_links_page_data(page + 1)));
  }
  return row;
}

// What to tell the user about a revoke button; revokes when the link is theirs and works.
asio::awaitable<std::string> revoke(const ChatContext& chat, std::int64_t user_id,
                                    std::int64_t message_id) {
  const bool admin = chat.config.is_admin(user_id);
  std::optional<LinkRecord> link;
  bool revoked_now = false;
  co_await chat.on_store([&](Store& store) {
    link = store.find_link(message_id);
    if (!link || (link->user_id != user_id && !admin) || link->revoked) return;
    store.revoke_link(message_id, link->expires_unix);
    revoked_now = true;
  });
  if (!link || (link->user_id != user_id && !admin)) co_return "That link is not one of yours.";
  if (!revoked_now) co_return "That link was already revoked.";
  chat.log.info("User {} revoked their link to log message {}", user_id, message_id);
  // An answer to a button press shows at most 200 characters.
  co_return "Revoked: " + text_for_chat(link->file_name, kCallbackAnswerNameUnits);
}

}  // namespace

std::string my_links_page_data(int page) { return fmt::format("{}{}", kPagePrefix, page); }

std::string my_links_revoke_data(int page, std::int64_t message_id) {
  return fmt::format("{}{}:{}", kRevokePrefix, page, message_id);
}

bool is_my_links_button(std::string_view data) { return data.starts_with("ml:"); }

std::optional<MyLinksButton> parse_my_links_button(std::string_view data) {
  MyLinksButton button;
  if (data.starts_with(kPagePrefix)) {
    const std::optional<int> page = whole_number<int>(data.substr(kPagePrefix.size()));
    if (!page) return std::nullopt;
    button.page = *page;
    return button;
  }
  if (!data.starts_with(kRevokePrefix)) return std::nullopt;
  const std::string_view rest = data.substr(kRevokePrefix.size());
  const std::size_t colon = rest.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const std::optional<int> page = whole_number<int>(rest.substr(0, colon));
  const std::optional<std::int64_t> id = whole_number<std::int64_t>(rest.substr(colon + 1));
  if (!page || !id || *id == 0) return std::nullopt;
  button.action = MyLinksButton::Action::revoke;
  button.page = *page;
  button.message_id = *id;
  return button;
}

asio::awaitable<Reply> my_links_page(const ChatContext& chat, std::int64_t user_id, int page) {
  std::int64_t total = 0;
  std::vector<LinkRecord> links;
  co_await chat.on_store([&](Store& store) {
    total = store.user_link_totals(user_id).links;
    if (total == 0) return;
    const int pages = static_cast<int>((total + kMyLinksPerPage - 1) / kMyLinksPerPage);
    page = std::clamp(page, 0, pages - 1);
    links = store.user_links(user_id, page * kMyLinksPerPage, kMyLinksPerPage);
  });
  if (total == 0) {
    co_return plain_reply(
        "You have no links yet. Send me a file and I will answer with its links.");
  }
  const int pages = static_cast<int>((total + kMyLinksPerPage - 1) / kMyLinksPerPage);
  const int first = page * kMyLinksPerPage;
  const std::int64_t now = unix_now(chat);
  Reply reply;
  reply.text.bold(fmt::format("Your links ({}–{} of {}, newest first)", first + 1,
                              first + static_cast<int>(links.size()), total));
  reply.text.plain("\n\n");
  std::vector<InlineButton> revoke_row;
  for (std::size_t i = 0; i < links.size(); ++i) {
    const int number = first + static_cast<int>(i) + 1;
    add_entry(chat, reply.text, number, links[i], now);
    reply.text.plain("\n");
    if (works(links[i], now)) {
      revoke_row.push_back(InlineButton::callback(fmt::format("Revoke {}", number),
                                                  my_links_revoke_data(page, links[i].message_id)));
    }
  }
  reply.text.plain(fmt::format("Page {} of {}.", page + 1, pages));
  if (!revoke_row.empty()) reply.keyboard.push_back(std::move(revoke_row));
  std::vector<InlineButton> paging = paging_row(page, pages);
  if (!paging.empty()) reply.keyboard.push_back(std::move(paging));
  co_return reply;
}

asio::awaitable<void> handle_my_links_button(const ChatContext& chat, json::object query) {
  const std::int64_t user_id = td_int53(query, "sender_user_id").value_or(0);
  if (is_banned(chat.config, *chat.bans, user_id)) co_return;
  const std::optional<MyLinksButton> button = parse_my_links_button(callback_data(query));
  std::string notice;
  if (button && button->action == MyLinksButton::Action::revoke) {
    notice = co_await revoke(chat, user_id, button->message_id);
  }
  json::object answer = answer_callback(query, notice, false);
  co_await chat.client.request(std::move(answer));
  if (!button) co_return;
  const Reply page = co_await my_links_page(chat, user_id, button->page);
  json::object edit = edit_text_request(td_int53(query, "chat_id").value_or(0),
                                        td_int53(query, "message_id").value_or(0), page);
  const json::object edited = co_await chat.client.request(std::move(edit));
  if (const std::optional<TdError> error = edit_error(edited)) {
    chat.log.debug("/mylinks: list not edited for user {}: {} {}", user_id, error->code,
                   error->message);
  }
}

}  // namespace tglink
