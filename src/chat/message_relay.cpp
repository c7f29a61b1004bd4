#include "chat/message_relay.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <fmt/format.h>

#include "chat/messages/channel_post.hpp"
#include "chat/messages/incoming_message.hpp"
#include "core/clock.hpp"
#include "core/unix_time.hpp"
#include "logging/log.hpp"
#include "store/store_executor.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/td_object.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {

// TDLib writes a callback query's 64-bit id as a string; kept in that form. Empty when unreadable.
std::string id_text(const json::object& object) {
  const std::optional<std::int64_t> id = td_int64(object, "id");
  return id ? std::to_string(*id) : std::string();
}

// An edit of a channel's post, or a change of a channel's members (channel mode: the leader puts
// the post's buttons back, or leaves a channel it was added to). Sent whole, as TDLib wrote it:
// the leader needs only ids and the markup's presence from it, which are the same for every
// client. Keyed by its date, so each change is relayed once, however often it arrives.
std::optional<RelayedUpdate> channel_change(const json::object& update, std::int64_t now_unix) {
  const std::string_view type = td_type(update);
  const std::int64_t chat_id = td_int53(update, "chat_id").value_or(0);
  if ((type != "updateMessageEdited" && type != "updateChatMember") || !is_channel_chat(chat_id)) {
    return std::nullopt;
  }
  if (type == "updateMessageEdited") {
    return RelayedUpdate{chat_id, td_int53(update, "message_id").value_or(0), now_unix,
                         fmt::format("edited:{}", td_int53(update, "edit_date").value_or(0)),
                         json::serialize(update)};
  }
  return RelayedUpdate{
      chat_id, 0, now_unix,
      fmt::format("member:{}:{}", td_int53(update, "date").value_or(0),
                  td_int53(update, "new_chat_member.member_id.user_id").value_or(0)),
      json::serialize(update)};
}

}  // namespace

MessageRelay::MessageRelay(TelegramClient& client, Store& store, StoreExecutor& store_work,
                           asio::any_io_executor executor, Log& log, const Clock& clock,
                           std::function<bool()> chat_side_started)
    : client_(client),
      store_(store),
      store_work_(store_work),
      executor_(std::move(executor)),
      log_(log),
      clock_(clock),
      chat_side_started_(std::move(chat_side_started)) {
  for (const char* type :
       {"updateNewMessage", "updateNewCallbackQuery", "updateMessageEdited", "updateChatMember"}) {
    subscriptions_.push_back(client_.subscribe(type, [this](const json::object& update) {
      if (!chat_side_started_()) relay(update);
    }));
  }
}

MessageRelay::~MessageRelay() {
  for (const SubscriptionId id : subscriptions_) client_.unsubscribe(id);
}

std::optional<RelayedUpdate> MessageRelay::relayable(const json::object& update) const {
  if (std::optional<RelayedUpdate> change = channel_change(update, unix_seconds(clock_.now()))) {
    return change;
  }
  if (td_type(update) == "updateNewCallbackQuery") {
    RelayedUpdate press{td_int53(update, "chat_id").value_or(0),
                        td_int53(update, "message_id").value_or(0), unix_seconds(clock_.now()),
                        id_text(update), json::serialize(update)};
    if (press.query_id.empty()) return std::nullopt;
    return press;
  }
  // A channel post (channel mode) is relayed like a user's message: the leader loads it by id.
  if (const std::optional<ChannelPost> post = channel_post(update)) {
    return RelayedUpdate{post->chat_id, post->message_id, unix_seconds(clock_.now()), {}, {}};
  }
  const std::optional<IncomingMessage> message = private_message(update);
  if (!message) return std::nullopt;
  return RelayedUpdate{message->chat_id, message->message_id, unix_seconds(clock_.now()), {}, {}};
}

void MessageRelay::relay(const json::object& update) {
  std::optional<RelayedUpdate> relayed = relayable(update);
  if (relayed) asio::co_spawn(executor_, write(std::move(*relayed)), asio::detached);
}

asio::awaitable<void> MessageRelay::write(RelayedUpdate relayed) {
  const std::string what =
      relayed.query_id.empty()
          ? fmt::format("message {} of chat {}", relayed.message_id, relayed.chat_id)
          : fmt::format("update {} in chat {}", relayed.query_id, relayed.chat_id);
  bool stored = false;
  try {
    const RelayedUpdate& update = relayed;  // the frame's copy: the work captures a reference
    stored = co_await store_work_.run([this, &update] { return store_.relay_update(update); });
  } catch (const StoreError& e) {
    log_.error("The {} is lost: it could not be relayed to the leader: {}", what, e.what());
  }
  if (stored) log_.info("Relayed {} to the leader", what);
}

RelayedMessages::RelayedMessages(TelegramClient& client, Store& store, StoreExecutor& store_work,
                                 Log& log, const Clock& clock, RelayedUpdateHandler handler)
    : client_(client),
      store_(store),
      store_work_(store_work),
      log_(log),
      clock_(clock),
      handler_(std::move(handler)) {}

asio::awaitable<void> RelayedMessages::drain() {
  for (;;) {
    std::vector<RelayedUpdate> claimed;
    try {
      claimed = co_await store_work_.run([this] { return claim(); });
    } catch (const StoreError& e) {
      log_.warning("Could not read the updates other nodes relayed: {}", e.what());
      co_return;
    }
    for (const RelayedUpdate& relayed : claimed) {
      std::optional<json::object> update = co_await load(relayed);
      if (update) handler_(*update);
    }
    if (claimed.size() < static_cast<std::size_t>(kRelayClaimBatch)) co_return;
  }
}

asio::awaitable<std::optional<json::object>> RelayedMessages::load(const RelayedUpdate& relayed) {
  // This client may never have seen the chat: TDLib answers getMessage, and sends into a chat,
  // only once it is loaded (MessagesManager::get_message_force, check_dialog_access), and a bot
  // loads any chat by its id with getChat.
  json::object get_chat{{"@type", "getChat"}, {"chat_id", relayed.chat_id}};
  json::object answer = co_await client_.request(std::move(get_chat));
  if (!is_error(answer) && relayed.query_id.empty()) {
    json::object get_message{
        {"@type", "getMessage"}, {"chat_id", relayed.chat_id}, {"message_id", relayed.message_id}};
    answer = co_await client_.request(std::move(get_message));
    if (!is_error(answer)) {
      answer = json::object{{"@type", "updateNewMessage"}, {"message", std::move(answer)}};
    }
  } else if (!is_error(answer)) {
    answer = json::parse(relayed.query).as_object();
  }
  if (const std::optional<TdError> error = td_error(answer)) {
    log_.warning("Relayed update (message {} of chat {}) could not be loaded: {} {}",
                 relayed.message_id, relayed.chat_id, error->code, error->message);
    co_return std::nullopt;
  }
  co_return std::optional<json::object>(std::move(answer));
}

std::vector<RelayedUpdate> RelayedMessages::claim() {
  const std::int64_t cut_off =
      unix_seconds(clock_.now()) -
      std::chrono::duration_cast<std::chrono::seconds>(kRelayKeptFor).count();
  // Once an hour is enough: the table grows only by what followers received.
  if (cut_off - forgotten_until_unix_ >= 3600) {
    store_.delete_claimed_relays_before(cut_off);
    forgotten_until_unix_ = cut_off;
  }
  return store_.claim_relayed_updates(kRelayClaimBatch);
}

}  // namespace tglink
