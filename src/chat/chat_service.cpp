#include "chat/chat_service.hpp"

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <fmt/format.h>

#include "chat/commands/bot_command_menu.hpp"
#include "chat/commands/broadcast_jobs.hpp"
#include "chat/commands/command_line.hpp"
#include "chat/commands/my_links_page.hpp"
#include "chat/detached_work.hpp"
#include "chat/messages/callback_query.hpp"
#include "config/config.hpp"
#include "core/time_format.hpp"
#include "core/user_text.hpp"
#include "logging/log.hpp"
#include "store/store.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/td_object.hpp"

namespace tglink {

namespace {

constexpr std::chrono::seconds kBanListRetry{5};

}  // namespace

namespace asio = boost::asio;
namespace json = boost::json;

namespace {

Reply not_a_file_reply() {
  return plain_reply(
      "Send me a file (document, video, audio, photo, ...) and I will answer with its download "
      "link. /help lists the commands.");
}

// Whether every handler can answer the query (by its id) and act for its sender; a query that
// cannot be is logged and skipped.
bool is_answerable(const json::object& query, Log& log) {
  std::string problem;
  if (!td_int64(query, "id")) {
    problem = td_field_problem(query, "id", "int64");
  } else if (!td_int53(query, "sender_user_id")) {
    problem = td_field_problem(query, "sender_user_id", "int53");
  }
  if (!problem.empty()) log.warning("Chat: callback query skipped: {}", problem);
  return problem.empty();
}

}  // namespace

ChatService::ChatService(ChatContext context, CommandRegistry commands, ChatServiceOptions options)
    : chat_(std::move(context)),
      commands_(std::move(commands)),
      options_(options),
      force_sub_(chat_),
      uploads_(chat_, options.uploads),
      channel_posts_(chat_, uploads_, force_sub_) {}

ChatService::~ChatService() {
  *alive_ = false;
  for (const SubscriptionId id : subscriptions_) chat_.client.unsubscribe(id);
}

void ChatService::start() {
  subscriptions_.push_back(chat_.client.subscribe(
      "updateNewMessage", [this](const json::object& update) { on_new_message(update); }));
  subscriptions_.push_back(chat_.client.subscribe(
      "updateNewCallbackQuery", [this](const json::object& update) { on_callback_query(update); }));
  subscriptions_.push_back(chat_.client.subscribe(
      "updateMessageEdited", [this](const json::object& update) { on_message_edited(update); }));
  subscriptions_.push_back(chat_.client.subscribe(
      "updateChatMember", [this](const json::object& update) { on_chat_member(update); }));
  spawn(publish_command_menus(chat_, commands_), "setCommands");
  spawn(load_bans(), "ban list");
  uploads_.start();
  chat_.log.info("Chat: {} commands, answering users", commands_.all().size());
}

void ChatService::spawn(asio::awaitable<void> work, std::string what) {
  spawn_detached(chat_.executor, chat_.log, "Chat", std::move(work), std::move(what));
}

asio::awaitable<void> ChatService::load_bans() {
  const std::shared_ptr<bool> alive = alive_;
  for (;;) {
    std::vector<BanRecord> bans;
    std::string problem;
    co_await chat_.on_store([&](Store& store) {
      try {
        bans = store.list_bans();
      } catch (const StoreError& e) {
        problem = e.what();
      }
    });
    if (!*alive) co_return;
    if (problem.empty()) {
      chat_.bans->replace(bans);
      break;
    }
    chat_.log.error("Chat: the ban list cannot be read, trying again in {} s: {}",
                    kBanListRetry.count(), problem);
    asio::steady_timer pause(chat_.executor, kBanListRetry);
    boost::system::error_code ignored;
    co_await pause.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
    if (!*alive) co_return;
  }
  chat_.log.info("Chat: {} banned users", chat_.bans->size());
  if (bans_loaded_) co_return;
  bans_loaded_ = true;
  for (const json::object& update : std::exchange(before_bans_, {})) handle_update(update);
}

void ChatService::handle_update(const json::object& update) {
  const std::string_view type = td_type(update);
  if (type == "updateNewCallbackQuery") {
    on_callback_query(update);
  } else if (type == "updateMessageEdited") {
    on_message_edited(update);
  } else if (type == "updateChatMember") {
    on_chat_member(update);
  } else {
    on_new_message(update);
  }
}

void ChatService::take_over() {
  // The previous leader's bans and unbans are in the store, not in memory: a message judged by
  // the old list before the new one is in would answer a banned user or ignore one it unbanned.
  bans_loaded_ = false;
  spawn(load_bans(), "ban list");
  uploads_.reload();
  if (chat_.broadcaster != nullptr) chat_.broadcaster->resume();
  chat_.log.info("Chat: taken over from another node, answering users");
}

void ChatService::receive_relayed(const json::object& update) { handle_update(update); }

bool ChatService::passed_to_leader(const json::object& update) {
  if (chat_.leads()) return false;
  if (chat_.pass_on) chat_.pass_on(update);
  return true;
}

bool ChatService::held_back(const json::object& update) {
  if (passed_to_leader(update)) return true;
  if (!bans_loaded_) {
    before_bans_.push_back(update);
    return true;
  }
  return false;
}

void ChatService::on_new_message(const json::object& update) {
  if (held_back(update)) return;
  if (std::optional<ChannelPost> post = channel_post(update)) {
    // Channel mode is opt-in: without CHANNELS the bot leaves no channel and serves none.
    if (chat_.config.channel_mode_enabled()) {
      spawn(channel_posts_.on_post(std::move(*post)), "channel post");
    }
    return;
  }
  std::optional<IncomingMessage> message = private_message(update);
  if (!message) return;
  const std::int64_t user_id = message->user_id;
  std::deque<IncomingMessage>& waiting = inbox_[user_id];
  waiting.push_back(std::move(*message));
  if (waiting.size() == 1) spawn(drain_inbox(user_id), fmt::format("messages of user {}", user_id));
}

asio::awaitable<void> ChatService::drain_inbox(std::int64_t user_id) {
  for (;;) {
    auto found = inbox_.find(user_id);
    if (found == inbox_.end()) co_return;
    if (found->second.empty()) {
      inbox_.erase(found);
      co_return;
    }
    IncomingMessage next = found->second.front();
    const std::int64_t message_id = next.message_id;
    try {
      co_await handle_message(std::move(next));
    } catch (const std::exception& e) {
      chat_.log.error("Chat: message {} from user {} failed: {}", message_id, user_id, e.what());
    }
    inbox_.at(user_id).pop_front();
  }
}

void ChatService::on_callback_query(const json::object& update) {
  if (held_back(update)) return;
  if (!is_answerable(update, chat_.log)) return;
  const std::string data = callback_data(update);
  if (Broadcaster::is_button(data) && chat_.broadcaster != nullptr) {
    spawn(chat_.broadcaster->on_button(update), "broadcast button");
    return;
  }
  if (is_my_links_button(data)) {
    spawn(handle_my_links_button(chat_, update), "/mylinks button");
    return;
  }
  if (data != ForceSubscription::kJoinedData) return;
  spawn(handle_joined(update), "\"I've joined\" button");
}

void ChatService::on_message_edited(const json::object& update) {
  if (passed_to_leader(update)) return;  // the leader puts buttons back
  if (!chat_.config.channel_mode_enabled()) return;
  spawn(channel_posts_.on_edited(update), "edited channel post");
}

void ChatService::on_chat_member(const json::object& update) {
  if (passed_to_leader(update)) return;  // the leader leaves unlisted channels
  if (!chat_.config.channel_mode_enabled()) return;
  spawn(channel_posts_.on_member_update(update), "chat member update");
}

asio::awaitable<void> ChatService::handle_message(IncomingMessage message) {
  if (co_await turned_away(message)) co_return;
  co_await record_user(message.user_id);
  if (parse_command_line(message.text)) {
    co_await handle_command(std::move(message));
    co_return;
  }
  std::optional<IncomingFile> file = incoming_file(message.content);
  if (!file) {
    co_await chat_.reply(message.chat_id, not_a_file_reply());
    co_return;
  }
  FileMessage file_message;
  file_message.chat_id = message.chat_id;
  file_message.user_id = message.user_id;
  file_message.message_id = message.message_id;
  file_message.file = std::move(*file);
  file_message.album_id = message.media_album_id;
  co_await handle_file(std::move(file_message));
}

asio::awaitable<bool> ChatService::turned_away(const IncomingMessage& message) {
  if (!is_banned(chat_.config, *chat_.bans, message.user_id)) co_return false;
  if (banned_notice_.due(message.user_id, chat_.clock.steady_now())) {
    co_await chat_.reply(message.chat_id, banned_reply());
  }
  co_return true;
}

asio::awaitable<void> ChatService::handle_command(IncomingMessage message) {
  const CommandLine line = parse_command_line(message.text).value();
  const ChatCommand* command = commands_.find(line.name);
  if (command == nullptr) {
    Reply unknown = plain_reply("Unknown command /" + text_for_chat(line.name, kQuotedTextUnits) +
                                ". See /help for the list.");
    co_await chat_.reply(message.chat_id, std::move(unknown));
    co_return;
  }
  if (command->audience == Audience::admins && !chat_.config.is_admin(message.user_id)) {
    Reply denied = plain_reply("/" + line.name + " is for admins only. See /help.");
    co_await chat_.reply(message.chat_id, std::move(denied));
    co_return;
  }
  if (command->before_joining == BeforeJoining::wait) {
    std::vector<std::int64_t> missing = co_await force_sub_.missing_channels(message.user_id);
    if (!missing.empty()) {
      co_await hold_command(std::move(message), std::move(missing));
      co_return;
    }
  }
  co_await run_command(*command, message);
  if (command->before_joining == BeforeJoining::answer_then_prompt) {
    co_await prompt_if_not_member(message);
  }
}

asio::awaitable<void> ChatService::run_command(const ChatCommand& command,
                                               const IncomingMessage& message) {
  const CommandLine line = parse_command_line(message.text).value();
  const CommandCall call{chat_,
                         commands_,
                         message.chat_id,
                         message.user_id,
                         line.arguments,
                         chat_.config.is_admin(message.user_id),
                         message.reply_to_message_id};
  co_await command.handler(call);
}

asio::awaitable<void> ChatService::prompt_if_not_member(const IncomingMessage& message) {
  std::vector<std::int64_t> missing = co_await force_sub_.missing_channels(message.user_id);
  if (missing.empty()) co_return;
  std::string nothing_waits;
  Reply prompt = co_await force_sub_.join_prompt(std::move(missing), std::move(nothing_waits));
  co_await chat_.reply(message.chat_id, std::move(prompt));
}

asio::awaitable<void> ChatService::handle_file(FileMessage file) {
  if (!chat_.config.may_make_links(file.user_id)) {
    if (not_allowed_notice_.due(file.user_id, chat_.clock.steady_now())) {
      co_await chat_.reply(file.chat_id, not_allowed_reply(file.user_id));
    }
    co_return;
  }
  std::vector<std::int64_t> missing = co_await force_sub_.missing_channels(file.user_id);
  if (missing.empty()) {
    co_await uploads_.accept(std::move(file));
    co_return;
  }
  const bool held = co_await uploads_.hold(file);
  std::string what_waits = held ? "Your file" : "";
  Reply prompt = co_await force_sub_.join_prompt(std::move(missing), std::move(what_waits));
  co_await chat_.reply(file.chat_id, std::move(prompt));
}

asio::awaitable<void> ChatService::hold_command(IncomingMessage message,
                                                std::vector<std::int64_t> missing) {
  const std::int64_t chat_id = message.chat_id;
  std::vector<IncomingMessage>& waiting = waiting_for_join_[message.user_id];
  const bool held = waiting.size() < options_.max_waiting_for_join;
  if (held) waiting.push_back(std::move(message));
  Reply prompt = co_await force_sub_.join_prompt(std::move(missing), held ? "Your command" : "");
  co_await chat_.reply(chat_id, std::move(prompt));
}

asio::awaitable<void> ChatService::handle_joined(json::object query) {
  const std::int64_t user_id = td_int53(query, "sender_user_id").value_or(0);
  if (is_banned(chat_.config, *chat_.bans, user_id)) co_return;  // nothing else for them
  const std::vector<std::int64_t> missing = co_await force_sub_.missing_channels(user_id);
  if (!missing.empty()) {
    json::object not_yet = answer_callback(
        query, "You have not joined every required channel yet. Join them, then press again.",
        true);
    co_await chat_.client.request(std::move(not_yet));
    co_return;
  }
  json::object thanks = answer_callback(query, "Thanks for joining!", false);
  co_await chat_.client.request(std::move(thanks));
  std::vector<IncomingMessage> commands = std::move(waiting_for_join_[user_id]);
  waiting_for_join_.erase(user_id);
  const std::size_t files = co_await uploads_.release(user_id);
  if (files == 0 && commands.empty()) {
    Reply ready = plain_reply("You're all set: send me a file to get its links.");
    co_await chat_.reply(user_id, std::move(ready));
  }
  for (const IncomingMessage& message : commands) {
    const ChatCommand* command = commands_.find(parse_command_line(message.text).value().name);
    if (command != nullptr) {
      co_await run_command(*command, message);
    }
  }
}

asio::awaitable<void> ChatService::record_user(std::int64_t user_id) {
  if (!known_users_.insert(user_id).second) co_return;
  UserRecord record;
  record.user_id = user_id;
  record.first_seen_unix =
      std::chrono::duration_cast<std::chrono::seconds>(chat_.clock.now().time_since_epoch())
          .count();
  json::object get_user{{"@type", "getUser"}, {"user_id", user_id}};
  const json::object user = co_await chat_.client.request(std::move(get_user));
  record.first_name = td_string(user, "first_name").value_or("");
  record.username = td_string(user, "usernames.editable_username").value_or("");
  bool is_new = false;
  co_await chat_.on_store([&](Store& store) { is_new = store.upsert_user(record); });
  if (is_new) chat_.log.info("New user {}", user_id);
}

}  // namespace tglink
