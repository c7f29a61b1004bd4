#pragma once
// The bot's side of tglink: it listens to the main bot's updates and answers users.
//
//   updateNewMessage (private chat, incoming)
//     -> user recorded at first contact (Store::upsert_user, feeds totaluser)
//     -> "/command": CommandRegistry (admin commands only for Config::admins) -> forced
//        subscription (except /start and /help: ChatCommand::before_joining) -> the command
//     -> a file: forced subscription -> flood limit (queue) -> upload flow (upload_flow.hpp)
//     -> anything else: a short pointer to what the bot does
//   updateNewCallbackQuery "I've joined" -> re-check membership, then what waited, in order
//
// Every handler runs as its own coroutine on the io_context thread; a failure in one is logged
// and answered with an apology, never thrown out of the service.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <unordered_set>
#include <variant>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "chat/chat_context.hpp"
#include "chat/command_registry.hpp"
#include "chat/flood_limiter.hpp"
#include "chat/force_subscription.hpp"
#include "chat/incoming_message.hpp"
#include "chat/log_channel_copy.hpp"
#include "chat/upload_flow.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

struct ChatServiceOptions {
  CopyRetryPolicy copy_retry;
  std::size_t max_queued_per_user = 5;   // files waiting for the flood limit
  std::size_t max_waiting_for_join = 5;  // files and commands waiting for "I've joined"
  // Longest real sleep between two looks at a queued file; the wait itself is measured on the
  // Clock, so a test's fake clock decides when the file goes.
  std::chrono::milliseconds queue_poll_interval{1000};
};

class ChatService {
 public:
  ChatService(ChatContext context, CommandRegistry commands, ChatServiceOptions options = {});
  ~ChatService();
  ChatService(const ChatService&) = delete;
  ChatService& operator=(const ChatService&) = delete;

  // Subscribes to the bot's updates and publishes the command menus. Call once, when the bot
  // is logged in.
  void start();

  [[nodiscard]] const CommandRegistry& commands() const { return commands_; }

 private:
  void on_new_message(const boost::json::object& update);
  void on_callback_query(const boost::json::object& update);
  void spawn(boost::asio::awaitable<void> work, std::string what);

  boost::asio::awaitable<void> handle_message(IncomingMessage message);
  // A file or command held back by forced subscription until the user presses "I've joined".
  using WaitingForJoin = std::variant<FileMessage, IncomingMessage>;

  boost::asio::awaitable<void> handle_command(IncomingMessage message);
  boost::asio::awaitable<void> run_command(const ChatCommand& command,
                                           const IncomingMessage& message);
  boost::asio::awaitable<void> prompt_if_not_member(const IncomingMessage& message);
  boost::asio::awaitable<void> handle_file(FileMessage file);
  boost::asio::awaitable<void> hold_until_joined(std::int64_t user_id, std::int64_t chat_id,
                                                 WaitingForJoin request,
                                                 std::vector<std::int64_t> missing);
  boost::asio::awaitable<void> resume(WaitingForJoin request);
  boost::asio::awaitable<void> admit_file(FileMessage file);
  boost::asio::awaitable<void> wait_in_queue(FileMessage file);
  boost::asio::awaitable<void> handle_joined(boost::json::object query);
  boost::asio::awaitable<void> record_user(std::int64_t user_id);
  boost::asio::awaitable<void> sleep(std::chrono::steady_clock::duration delay);

  ChatContext chat_;
  CommandRegistry commands_;
  ChatServiceOptions options_;
  LogChannelCopier copier_;
  ForceSubscription force_sub_;
  FloodLimiter flood_;
  std::map<std::int64_t, std::vector<WaitingForJoin>> waiting_for_join_;
  std::unordered_set<std::int64_t> known_users_;  // recorded since this process started
  std::vector<SubscriptionId> subscriptions_;
};

// The callback query's data bytes, decoded from TDLib's base64; empty when it carries none.
[[nodiscard]] std::string callback_data(const boost::json::object& query);

}  // namespace tglink
