#pragma once
// How users' messages and button presses reach the leader when Telegram gives the bot's updates
// to another node's session (docs/scaling.md, "How users' messages reach the leader").
//
//   follower: updateNewMessage (private, incoming, or a channel post) -> Store::relay_update(chat
//             id, message id)
//             updateNewCallbackQuery                -> Store::relay_update(..., query id, JSON)
//             updateMessageEdited, updateChatMember in a channel (channel mode)
//                                                   -> Store::relay_update(..., "edited:<date>"
//                                                      or "member:<date>:<user>", JSON)
//   leader, every kRelayDrainEvery: Store::claim_relayed_updates -> getChat on its own client
//     (TDLib answers only in a loaded chat), and for a message getMessage (file ids are per
//     client); the other kinds are handed over as written -> ChatService, as if its own session
//     had received the update
//
// Every store call runs on the store executor (store/store_executor.hpp), never on the I/O
// thread, so a slow or held database delays the relay only, not this node's downloads.
//
// Telegram hands each update to one session, so an update reaches the chat side either directly
// (the leader's session got it) or through the relay, never both; the store's key makes a
// repeated relay a no-op, and a claim hands each update to one leader.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "store/store.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

class Clock;
class Log;
class StoreExecutor;

// How often the leader looks for relayed updates: about the most a relayed one waits.
inline constexpr std::chrono::seconds kRelayDrainEvery{1};
// Updates claimed at once; a look claims again while it finds this many.
inline constexpr int kRelayClaimBatch = 50;
// Claimed relays are forgotten after a day; only a repeat within that time could matter.
inline constexpr std::chrono::hours kRelayKeptFor{24};

// The follower's half: writes the users' updates this node's main bot session receives to the
// store for the leader. It listens to the session itself until this node's chat side exists (a
// follower, or a leader whose bot is still logging in); from then on the chat side decides, once
// per update, and passes on what it does not handle (ChatContext::pass_on), so no update is both
// handled and relayed. Lives as long as the client.
class MessageRelay {
 public:
  // `store` is used on `store_work` only; the relay's own coroutines run on `executor`.
  MessageRelay(TelegramClient& client, Store& store, StoreExecutor& store_work,
               boost::asio::any_io_executor executor, Log& log, const Clock& clock,
               std::function<bool()> chat_side_started);
  ~MessageRelay();
  MessageRelay(const MessageRelay&) = delete;
  MessageRelay& operator=(const MessageRelay&) = delete;

  // Relays a user's private message, a button press, a channel's post, an edit of a channel's
  // post or a change of a channel's members; other updates are left alone. Returns at
  // once: the update is written on the store executor. A store failure is logged (the update
  // is then lost), never thrown.
  void relay(const boost::json::object& update);

 private:
  [[nodiscard]] std::optional<RelayedUpdate> relayable(const boost::json::object& update) const;
  boost::asio::awaitable<void> write(RelayedUpdate relayed);

  TelegramClient& client_;
  Store& store_;
  StoreExecutor& store_work_;
  boost::asio::any_io_executor executor_;
  Log& log_;
  const Clock& clock_;
  std::function<bool()> chat_side_started_;
  std::vector<SubscriptionId> subscriptions_;
};

// Receives a relayed update, as this node's client loaded it, to handle as if received directly.
using RelayedUpdateHandler = std::function<void(const boost::json::object& update)>;

// The leader's half: claims relayed updates and loads each with this node's client.
class RelayedMessages {
 public:
  // `store` is used on `store_work` only.
  RelayedMessages(TelegramClient& client, Store& store, StoreExecutor& store_work, Log& log,
                  const Clock& clock, RelayedUpdateHandler handler);

  // Claims what waits and hands over each update that loads. A message Telegram no longer has
  // (deleted meanwhile) is logged and dropped. Never throws.
  [[nodiscard]] boost::asio::awaitable<void> drain();

 private:
  [[nodiscard]] boost::asio::awaitable<std::optional<boost::json::object>> load(
      const RelayedUpdate& relayed);
  // Claims the next batch, after forgetting old claims once an hour; on the store executor.
  [[nodiscard]] std::vector<RelayedUpdate> claim();

  TelegramClient& client_;
  Store& store_;
  StoreExecutor& store_work_;
  Log& log_;
  const Clock& clock_;
  RelayedUpdateHandler handler_;
  std::int64_t forgotten_until_unix_ = 0;  // the cut-off of the last forgetting
};

}  // namespace tglink
