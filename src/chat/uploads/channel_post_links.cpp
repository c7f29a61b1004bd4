#include "chat/uploads/channel_post_links.hpp"

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <fmt/format.h>

#include "chat/messages/message_loading.hpp"
#include "chat/messages/send_outcomes.hpp"
#include "chat/uploads/channel_buttons.hpp"
#include "chat/uploads/log_channel_copy.hpp"
#include "config/config.hpp"
#include "logging/log.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/td_object.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {

// When Telegram gives no "retry after N", the next try waits this long.
constexpr std::chrono::seconds kRetryDelay{5};

bool not_modified(const TdError& error) {
  return error.code == 400 && error.message == "MESSAGE_NOT_MODIFIED";
}

// The post was deleted before its links were placed: nothing to edit and nothing to answer.
bool post_gone(const TdError& error) {
  return error.code == 404 || error.message == "Message not found" ||
         error.message == "MESSAGE_ID_INVALID";
}

// An error of tglink's own, not Telegram's: the buttons could not even be made.
constexpr std::int32_t kNoButtons = 0;

}  // namespace

ChannelLinks::ChannelLinks(const ChatContext& chat, int sends_per_minute)
    : chat_(chat), sends_(sends_per_minute, kSendWindow) {}

asio::awaitable<void> ChannelLinks::turn(std::int64_t chat_id) {
  const std::shared_ptr<bool> alive = alive_;
  for (;;) {
    const FloodLimiter::Duration wait = sends_.admit(chat_id, chat_.clock.steady_now());
    if (wait == FloodLimiter::Duration{}) co_return;
    asio::steady_timer timer(chat_.executor, wait);
    boost::system::error_code ignored;
    co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
    if (!*alive) co_return;
  }
}

asio::awaitable<bool> ChannelLinks::notice(std::int64_t chat_id, std::string text) {
  const std::shared_ptr<bool> alive = alive_;
  co_await turn(chat_id);
  if (!*alive) co_return false;
  const json::object answer =
      co_await chat_.client.request(send_message_request(chat_id, plain_reply(std::move(text))));
  if (const std::optional<TdError> error = td_error(answer)) {
    chat_.log.warning("Channel {}: notice not sent: {} {}", chat_id, error->code, error->message);
    co_return false;
  }
  co_return true;
}

asio::awaitable<ChannelLinksPlaced> ChannelLinks::place(std::int64_t chat_id,
                                                        std::int64_t message_id,
                                                        const MadeLink& link) {
  const std::shared_ptr<bool> alive = alive_;
  const std::optional<TdError> refused = co_await edit_buttons(chat_id, message_id, link);
  if (!*alive) co_return ChannelLinksPlaced::nowhere;
  if (!refused) co_return ChannelLinksPlaced::buttons;
  if (post_gone(*refused)) {
    chat_.log.info("Channel {}: post {} was deleted before its links were placed", chat_id,
                   message_id);
    co_return ChannelLinksPlaced::nowhere;
  }
  if (refused->code == kNoButtons) {
    co_await tell_admins_once(chat_id, "no buttons",
                              fmt::format("Channel {}: {}; the links come in a reply under each "
                                          "post. Set BASE_URL to a public address.",
                                          chat_id, refused->message));
  } else {
    co_await tell_admins_once(
        chat_id, "edit",
        fmt::format("Channel {}: the bot cannot put Download and Stream buttons on posts "
                    "(Telegram: {} {}). Give it the administrator right \"Edit messages of "
                    "others\" (can_edit_messages). Until then the links come in a reply under "
                    "each post.",
                    chat_id, refused->code, refused->message));
  }
  if (!*alive) co_return ChannelLinksPlaced::nowhere;
  const bool replied = co_await reply_under(chat_id, message_id, link_reply(chat_.config, link));
  co_return replied ? ChannelLinksPlaced::reply : ChannelLinksPlaced::nowhere;
}

asio::awaitable<bool> ChannelLinks::restore_buttons(std::int64_t chat_id, std::int64_t message_id,
                                                    const MadeLink& link) {
  const std::optional<TdError> refused = co_await edit_buttons(chat_id, message_id, link);
  if (refused) {
    chat_.log.warning("Channel {}: buttons of edited post {} not put back: {} {}", chat_id,
                      message_id, refused->code, refused->message);
  }
  co_return !refused;
}

asio::awaitable<std::optional<TdError>> ChannelLinks::edit_buttons(std::int64_t chat_id,
                                                                   std::int64_t message_id,
                                                                   const MadeLink& link) {
  const std::vector<std::vector<InlineButton>> rows = channel_buttons(chat_.config, link);
  if (rows.empty()) {
    co_return TdError{kNoButtons, "BASE_URL's host has no dot, and Telegram takes no such button"};
  }
  const std::shared_ptr<bool> alive = alive_;
  // After a restart TDLib knows neither the channel nor the post until they are loaded.
  if (std::optional<TdError> error = co_await load_message(chat_.client, chat_id, message_id)) {
    co_return error;
  }
  for (;;) {
    co_await turn(chat_id);
    if (!*alive) co_return std::nullopt;
    const json::object answer =
        co_await chat_.client.request(edit_reply_markup_request(chat_id, message_id, rows));
    if (!*alive) co_return std::nullopt;
    const std::optional<TdError> error = td_error(answer);
    // The same buttons are there already: an edit a previous run made before it stopped.
    if (!error || not_modified(*error)) co_return std::nullopt;
    if (!is_retryable(*error)) co_return error;
    const std::chrono::seconds wait = retry_after(*error).value_or(kRetryDelay);
    chat_.log.info("Channel {}: buttons of post {} wait {} s for Telegram ({} {})", chat_id,
                   message_id, wait.count(), error->code, error->message);
    co_await sleep(wait);
    if (!*alive) co_return std::nullopt;
  }
}

asio::awaitable<bool> ChannelLinks::reply_under(std::int64_t chat_id, std::int64_t message_id,
                                                Reply reply) {
  const std::shared_ptr<bool> alive = alive_;
  if (std::optional<TdError> error = co_await load_message(chat_.client, chat_id, message_id)) {
    chat_.log.warning("Channel {}: post {} not loaded for the reply: {} {}", chat_id, message_id,
                      error->code, error->message);
  }
  SendOutcomes outcomes(chat_.client, chat_.executor, chat_id);
  for (;;) {
    co_await turn(chat_id);
    if (!*alive) co_return false;
    const json::object answer =
        co_await chat_.client.request(reply_under_request(chat_id, message_id, reply));
    if (!*alive) co_return false;
    std::optional<TdError> error = td_error(answer);
    if (!error && answer.contains("sending_state")) {
      // Queued: never sent again while TDLib holds it (a duplicate); its outcome decides.
      const std::int64_t temporary_id = td_int53(answer, "id").value_or(0);
      const std::optional<SendOutcome> outcome =
          co_await outcomes.wait(temporary_id, SendOutcomes::kForever);
      if (!*alive) co_return false;
      if (outcome) error = outcome->error;
    }
    if (!error) co_return true;
    if (is_retryable(*error)) {
      co_await sleep(retry_after(*error).value_or(kRetryDelay));
      if (!*alive) co_return false;
      continue;
    }
    co_await tell_admins_once(
        chat_id, "post",
        fmt::format("Channel {}: the bot cannot post the links either (Telegram: {} {}). Give it "
                    "the administrator right \"Post messages\" (can_post_messages).",
                    chat_id, error->code, error->message));
    co_return false;
  }
}

asio::awaitable<void> ChannelLinks::tell_admins_once(std::int64_t chat_id, std::string what,
                                                     std::string text) {
  if (!told_.emplace(chat_id, std::move(what)).second) co_return;
  chat_.log.warning("{}", text);
  const std::shared_ptr<bool> alive = alive_;
  for (const std::int64_t admin : chat_.config.admins) {
    (void)co_await chat_.reply(admin, plain_reply(text));
    if (!*alive) co_return;
  }
}

asio::awaitable<void> ChannelLinks::sleep(std::chrono::seconds delay) {
  asio::steady_timer timer(chat_.executor, delay);
  boost::system::error_code ignored;
  co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
}

}  // namespace tglink
