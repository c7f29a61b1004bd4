#include "chat/message_relay.hpp"

#include "chat/incoming_message.hpp"
#include "core/clock.hpp"
#include "logging/log.hpp"
#include "telegram/td_object.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {

std::int64_t unix_seconds(const Clock& clock) {
  return std::chrono::duration_cast<std::chrono::seconds>(clock.now().time_since_epoch()).count();
}

}  // namespace

MessageRelay::MessageRelay(TelegramClient& client, Store& store, Log& log, const Clock& clock,
                           std::function<bool()> chat_side_started)
    : client_(client),
      store_(store),
      log_(log),
      clock_(clock),
      chat_side_started_(std::move(chat_side_started)) {
  subscription_ = client_.subscribe("updateNewMessage", [this](const json::object& update) {
    if (!chat_side_started_()) relay(update);
  });
}

MessageRelay::~MessageRelay() { client_.unsubscribe(subscription_); }

void MessageRelay::relay(const json::object& update) {
  const std::optional<IncomingMessage> message = private_message(update);
  if (!message) return;
  try {
    if (store_.relay_message(
            RelayedMessage{message->chat_id, message->message_id, unix_seconds(clock_)})) {
      log_.info("Relayed message {} of user {} to the leader", message->message_id,
                message->user_id);
    }
  } catch (const StoreError& e) {
    log_.error("Message {} of user {} is lost: it could not be relayed to the leader: {}",
               message->message_id, message->user_id, e.what());
  }
}

RelayedMessages::RelayedMessages(TelegramClient& client, Store& store, Log& log, const Clock& clock,
                                 RelayedMessageHandler handler)
    : client_(client), store_(store), log_(log), clock_(clock), handler_(std::move(handler)) {}

asio::awaitable<void> RelayedMessages::drain() {
  std::vector<RelayedMessage> claimed;
  try {
    forget_old();
    claimed = store_.claim_relayed_messages(kRelayClaimBatch);
  } catch (const StoreError& e) {
    log_.warning("Could not read the messages other nodes relayed: {}", e.what());
    co_return;
  }
  for (const RelayedMessage& relayed : claimed) {
    std::optional<json::object> message = co_await load(relayed);
    if (message) handler_(std::move(*message));
  }
}

asio::awaitable<std::optional<json::object>> RelayedMessages::load(const RelayedMessage& relayed) {
  // This client may never have seen the chat: TDLib answers getMessage only in a loaded chat
  // (MessagesManager::get_message_force), and a bot loads any chat by id with getChat.
  json::object get_chat{{"@type", "getChat"}, {"chat_id", relayed.chat_id}};
  json::object answer = co_await client_.request(std::move(get_chat));
  if (!is_error(answer)) {
    json::object get_message{
        {"@type", "getMessage"}, {"chat_id", relayed.chat_id}, {"message_id", relayed.message_id}};
    answer = co_await client_.request(std::move(get_message));
  }
  if (const std::optional<TdError> error = td_error(answer)) {
    log_.warning("Relayed message {} of chat {} could not be loaded: {} {}", relayed.message_id,
                 relayed.chat_id, error->code, error->message);
    co_return std::nullopt;
  }
  co_return std::optional<json::object>(std::move(answer));
}

void RelayedMessages::forget_old() {
  const std::int64_t cut_off =
      unix_seconds(clock_) -
      std::chrono::duration_cast<std::chrono::seconds>(kRelayKeptFor).count();
  // Once an hour is enough: the table only grows by the messages followers received.
  if (cut_off - forgotten_until_unix_ < 3600) return;
  store_.delete_claimed_relays_before(cut_off);
  forgotten_until_unix_ = cut_off;
}

}  // namespace tglink
