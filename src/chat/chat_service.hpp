#pragma once
// The bot's side of tglink: it listens to the main bot's updates and answers users.
//
//   updateNewMessage (private chat, incoming)
//     -> a banned user: one short answer now and then, nothing else (chat/access_control.hpp)
//     -> user recorded at first contact (Store::upsert_user, feeds totaluser)
//     -> "/command": CommandRegistry (admin commands only for Config::admins) -> forced
//        subscription (except /start and /help: ChatCommand::before_joining) -> the command
//     -> a file: ALLOWED_USERS -> forced subscription (held in the store) -> UploadQueue
//     (upload_queue.hpp):
//        limits, its turn (flood limit, LOG_CHANNEL's rate, round-robin), copy, link
//     -> anything else: a short pointer to what the bot does
//   updateNewMessage (channel post), updateMessageEdited, updateChatMember: channel mode
//   (chat/channel_posts.hpp) updateNewCallbackQuery "I've joined" -> re-check membership, then what
//   waited, in order;
//     /mylinks' buttons (chat/commands/my_links_page.hpp); /broadcast's
//     (chat/commands/broadcast_jobs.hpp)
//
// Only the node that leads the chat side (ChatContext::leading) handles updates. Telegram gives a
// bot's updates to one of its sessions; when that is another node's, that node relays each user's
// message through the store and the leader hands it in with receive_relayed.
//
// Every handler runs as its own coroutine on the io_context thread; a failure in one is logged
// and answered with an apology, never thrown out of the service.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <unordered_set>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "chat/access_control.hpp"
#include "chat/channel_posts.hpp"
#include "chat/chat_context.hpp"
#include "chat/commands/command_registry.hpp"
#include "chat/force_subscription.hpp"
#include "chat/messages/incoming_message.hpp"
#include "chat/uploads/upload_flow.hpp"
#include "chat/uploads/upload_queue.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

struct ChatServiceOptions {
  UploadQueueOptions uploads;            // files, including those held for "I've joined"
  std::size_t max_waiting_for_join = 5;  // commands waiting for "I've joined"
};

class ChatService {
 public:
  ChatService(ChatContext context, CommandRegistry commands, ChatServiceOptions options = {});
  ~ChatService();
  ChatService(const ChatService&) = delete;
  ChatService& operator=(const ChatService&) = delete;

  // Subscribes to the bot's updates, publishes the command menus and resumes the uploads a
  // previous process left. Call once, when the bot is logged in.
  void start();
  // This node leads again after another node led in between: what that node did is in the
  // store, so the bans and uploads are loaded again from it and unfinished broadcasts resumed.
  // Updates that come before the bans are in wait for them, as at start.
  void take_over();

  // A user's message or button press another node's session received and relayed
  // (chat/message_relay.hpp), as this node's client loaded it: handled as if this node's session
  // had received it.
  void receive_relayed(const boost::json::object& update);

  [[nodiscard]] const CommandRegistry& commands() const { return commands_; }

 private:
  // True on a follower, which passes `update` on to the leader instead of answering it.
  bool passed_to_leader(const boost::json::object& update);
  // True when this node must not answer `update` now: a follower passes it on to the leader, and
  // before the ban list is loaded it waits in before_bans_.
  bool held_back(const boost::json::object& update);
  void on_new_message(const boost::json::object& update);
  void on_callback_query(const boost::json::object& update);
  void on_message_edited(const boost::json::object& update);
  void on_chat_member(const boost::json::object& update);
  void spawn(boost::asio::awaitable<void> work, std::string what);
  // Reads the bans on the store executor, again after a pause while the store fails; updates
  // that come before the list is in (at start, after a takeover) are kept and handled once it is.
  boost::asio::awaitable<void> load_bans();
  void handle_update(const boost::json::object& update);

  // Each user's messages are handled one after another, in the order they came, so that a file
  // sent after /batch joins the batch and one sent before /done is not left out.
  boost::asio::awaitable<void> drain_inbox(std::int64_t user_id);
  boost::asio::awaitable<void> handle_message(IncomingMessage message);
  // True (after answering now and then) when the sender is banned.
  boost::asio::awaitable<bool> turned_away(const IncomingMessage& message);
  boost::asio::awaitable<void> handle_command(IncomingMessage message);
  boost::asio::awaitable<void> run_command(const ChatCommand& command,
                                           const IncomingMessage& message);
  boost::asio::awaitable<void> prompt_if_not_member(const IncomingMessage& message);
  boost::asio::awaitable<void> handle_file(FileMessage file);
  boost::asio::awaitable<void> hold_command(IncomingMessage message,
                                            std::vector<std::int64_t> missing);
  boost::asio::awaitable<void> handle_joined(boost::json::object query);
  boost::asio::awaitable<void> record_user(std::int64_t user_id);

  ChatContext chat_;
  CommandRegistry commands_;
  ChatServiceOptions options_;
  ForceSubscription force_sub_;
  UploadQueue uploads_;
  ChannelPosts channel_posts_;
  // Commands held back by forced subscription until "I've joined" (files wait in uploads_).
  std::map<std::int64_t, std::vector<IncomingMessage>> waiting_for_join_;
  // Messages not handled yet, per user; the front one is being handled.
  std::map<std::int64_t, std::deque<IncomingMessage>> inbox_;
  std::unordered_set<std::int64_t> known_users_;  // recorded since this process started
  NoticePace banned_notice_{kBannedNoticeEvery};
  NoticePace not_allowed_notice_{kNotAllowedNoticeEvery};
  std::vector<SubscriptionId> subscriptions_;
  bool bans_loaded_ = false;
  std::vector<boost::json::object> before_bans_;  // updates waiting for the first ban list
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace tglink
