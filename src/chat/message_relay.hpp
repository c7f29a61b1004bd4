#pragma once
// How a user's message reaches the leader when Telegram gives the bot's updates to another
// node's session (docs/scaling.md, "How users' messages reach the leader").
//
//   follower: updateNewMessage (private, incoming) -> Store::relay_message(chat id, message id)
//   leader, every kRelayDrainEvery: Store::claim_relayed_messages -> getChat + getMessage on its
//     own client (file ids are per client) -> ChatService, as if its session had received it
//
// Telegram hands each update to one session, so a message reaches the chat side either directly
// (the leader's session got it) or through the relay, never both; the store's key (chat id,
// message id) makes a repeated relay a no-op and a claim hands each message to one leader.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "store/store.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

class Clock;
class Log;

// How often the leader looks for relayed messages: the most a relayed message waits.
inline constexpr std::chrono::seconds kRelayDrainEvery{1};
// Messages claimed per look; more wait for the next one.
inline constexpr int kRelayClaimBatch = 50;
// Claimed relays are forgotten after a day; only a repeat within that time could matter.
inline constexpr std::chrono::hours kRelayKeptFor{24};

// The follower's half: writes users' messages this node's main bot session receives to the store
// for the leader. It listens to the session itself until this node's chat side exists (a
// follower, or a leader whose bot is still logging in); from then on the chat side decides, once
// per message, and passes on what it does not handle (ChatContext::pass_on), so no message is
// both handled and relayed. Lives as long as the client.
class MessageRelay {
 public:
  MessageRelay(TelegramClient& client, Store& store, Log& log, const Clock& clock,
               std::function<bool()> chat_side_started);
  ~MessageRelay();
  MessageRelay(const MessageRelay&) = delete;
  MessageRelay& operator=(const MessageRelay&) = delete;

  // Relays the update's message when it is a user's private message; a store failure is logged
  // (the message is then lost), never thrown.
  void relay(const boost::json::object& update);

 private:
  TelegramClient& client_;
  Store& store_;
  Log& log_;
  const Clock& clock_;
  std::function<bool()> chat_side_started_;
  SubscriptionId subscription_ = 0;
};

// Receives a relayed message, loaded by this node's client, to handle as if received directly.
using RelayedMessageHandler = std::function<void(boost::json::object message)>;

// The leader's half: claims relayed messages and loads each with this node's client.
class RelayedMessages {
 public:
  RelayedMessages(TelegramClient& client, Store& store, Log& log, const Clock& clock,
                  RelayedMessageHandler handler);

  // One look: claims what waits and hands over each message that loads. A message Telegram no
  // longer has (deleted meanwhile) is logged and dropped. Never throws.
  [[nodiscard]] boost::asio::awaitable<void> drain();

 private:
  [[nodiscard]] boost::asio::awaitable<std::optional<boost::json::object>> load(
      const RelayedMessage& relayed);
  void forget_old();

  TelegramClient& client_;
  Store& store_;
  Log& log_;
  const Clock& clock_;
  RelayedMessageHandler handler_;
  std::int64_t forgotten_until_unix_ = 0;  // the last forget_old's cut-off
};

}  // namespace tglink
