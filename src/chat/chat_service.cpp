#include "chat/chat_service.hpp"

#include <exception>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <fmt/format.h>

#include "chat/base64.hpp"
#include "chat/bot_command_menu.hpp"
#include "chat/broadcaster.hpp"
#include "chat/command_line.hpp"
#include "config/config.hpp"
#include "core/time_format.hpp"
#include "logging/log.hpp"
#include "store/store.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {

std::string string_at(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  return value != nullptr && value->is_string() ? std::string(value->get_string()) : std::string();
}

std::int64_t int_at(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  return value != nullptr && value->is_int64() ? value->get_int64() : 0;
}

std::chrono::seconds rounded_up(std::chrono::steady_clock::duration d) {
  return std::max(std::chrono::seconds(1), std::chrono::ceil<std::chrono::seconds>(d));
}

Reply rate_limited_reply(int per_minute, std::chrono::steady_clock::duration wait, bool queued) {
  Reply reply;
  reply.text.bold("Rate limit exceeded").plain("\n");
  reply.text.plain(fmt::format("You can send {} files a minute. ", per_minute));
  const std::string countdown = format_countdown(rounded_up(wait));
  reply.text.plain(queued ? fmt::format("Your file is queued and will be handled in {}.", countdown)
                          : fmt::format("Too many files are waiting already: please send this "
                                        "one again in {}.",
                                        countdown));
  return reply;
}

Reply not_a_file_reply() {
  return plain_reply(
      "Send me a file (document, video, audio, photo, ...) and I will answer with its download "
      "link. /help lists the commands.");
}

json::object answer_callback(const json::object& query, std::string text, bool alert) {
  return json::object{{"@type", "answerCallbackQuery"},
                      {"callback_query_id", query.at("id")},
                      {"text", std::move(text)},
                      {"show_alert", alert},
                      {"url", ""},
                      {"cache_time", 0}};
}

}  // namespace

std::string callback_data(const json::object& query) {
  const json::value* payload = query.if_contains("payload");
  if (payload == nullptr || !payload->is_object()) return {};
  return base64_decode(string_at(payload->get_object(), "data"));
}

ChatService::ChatService(ChatContext context, CommandRegistry commands, ChatServiceOptions options)
    : chat_(std::move(context)),
      commands_(std::move(commands)),
      options_(options),
      copier_(chat_.client, chat_.executor, chat_.config.log_channel, options.copy_retry),
      force_sub_(chat_),
      flood_(chat_.config.user_files_per_minute, options.max_queued_per_user) {}

ChatService::~ChatService() {
  for (const SubscriptionId id : subscriptions_) chat_.client.unsubscribe(id);
}

void ChatService::start() {
  subscriptions_.push_back(chat_.client.subscribe(
      "updateNewMessage", [this](const json::object& update) { on_new_message(update); }));
  subscriptions_.push_back(chat_.client.subscribe(
      "updateNewCallbackQuery", [this](const json::object& update) { on_callback_query(update); }));
  spawn(publish_command_menus(chat_, commands_), "setCommands");
  chat_.log.info("Chat: {} commands, answering users", commands_.all().size());
}

void ChatService::spawn(asio::awaitable<void> work, std::string what) {
  asio::co_spawn(chat_.executor, std::move(work),
                 [this, what = std::move(what)](const std::exception_ptr& failure) {
                   if (!failure) return;
                   try {
                     std::rethrow_exception(failure);
                   } catch (const std::exception& e) {
                     chat_.log.error("Chat: {} failed: {}", what, e.what());
                   }
                 });
}

void ChatService::on_new_message(const json::object& update) {
  std::optional<IncomingMessage> message = private_message(update);
  if (!message) return;
  const std::string what =
      fmt::format("message {} from user {}", message->message_id, message->user_id);
  spawn(handle_message(std::move(*message)), what);
}

void ChatService::on_callback_query(const json::object& update) {
  const std::string data = callback_data(update);
  if (Broadcaster::is_button(data) && chat_.broadcaster != nullptr) {
    spawn(chat_.broadcaster->on_button(update), "broadcast button");
    return;
  }
  if (data != ForceSubscription::kJoinedData) return;
  spawn(handle_joined(update), "\"I've joined\" button");
}

asio::awaitable<void> ChatService::handle_message(IncomingMessage message) {
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
  FileMessage file_message{message.chat_id, message.user_id, message.message_id, std::move(*file)};
  co_await handle_file(std::move(file_message));
}

asio::awaitable<void> ChatService::handle_command(IncomingMessage message) {
  const CommandLine line = parse_command_line(message.text).value();
  const ChatCommand* command = commands_.find(line.name);
  if (command == nullptr) {
    Reply unknown = plain_reply("Unknown command /" + line.name + ". See /help for the list.");
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
      const std::int64_t user_id = message.user_id;
      const std::int64_t chat_id = message.chat_id;
      WaitingForJoin request(std::move(message));
      co_await hold_until_joined(user_id, chat_id, std::move(request), std::move(missing));
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
  std::vector<std::int64_t> missing = co_await force_sub_.missing_channels(file.user_id);
  if (missing.empty()) {
    co_await admit_file(std::move(file));
    co_return;
  }
  const std::int64_t user_id = file.user_id;
  const std::int64_t chat_id = file.chat_id;
  WaitingForJoin request(std::move(file));
  co_await hold_until_joined(user_id, chat_id, std::move(request), std::move(missing));
}

asio::awaitable<void> ChatService::hold_until_joined(std::int64_t user_id, std::int64_t chat_id,
                                                     WaitingForJoin request,
                                                     std::vector<std::int64_t> missing) {
  std::string what_waits =
      std::holds_alternative<FileMessage>(request) ? "Your file" : "Your command";
  std::vector<WaitingForJoin>& waiting = waiting_for_join_[user_id];
  if (waiting.size() < options_.max_waiting_for_join) waiting.push_back(std::move(request));
  Reply prompt = co_await force_sub_.join_prompt(std::move(missing), std::move(what_waits));
  co_await chat_.reply(chat_id, std::move(prompt));
}

asio::awaitable<void> ChatService::resume(WaitingForJoin request) {
  if (FileMessage* file = std::get_if<FileMessage>(&request)) {
    co_await admit_file(std::move(*file));
    co_return;
  }
  const IncomingMessage& message = std::get<IncomingMessage>(request);
  const ChatCommand* command = commands_.find(parse_command_line(message.text).value().name);
  if (command != nullptr) co_await run_command(*command, message);
}

asio::awaitable<void> ChatService::admit_file(FileMessage file) {
  const auto wait = flood_.admit(file.user_id, chat_.clock.steady_now());
  if (wait == std::chrono::steady_clock::duration::zero()) {
    co_await run_upload(chat_, copier_, std::move(file));
    co_return;
  }
  const bool queued = flood_.enqueue(file.user_id);
  Reply limited = rate_limited_reply(flood_.files_per_minute(), wait, queued);
  co_await chat_.reply(file.chat_id, std::move(limited));
  if (queued) co_await wait_in_queue(std::move(file));
}

asio::awaitable<void> ChatService::wait_in_queue(FileMessage file) {
  for (;;) {
    const auto wait = flood_.admit(file.user_id, chat_.clock.steady_now());
    if (wait == std::chrono::steady_clock::duration::zero()) break;
    co_await sleep(
        std::min<std::chrono::steady_clock::duration>(wait, options_.queue_poll_interval));
  }
  flood_.dequeue(file.user_id);
  co_await run_upload(chat_, copier_, std::move(file));
}

asio::awaitable<void> ChatService::handle_joined(json::object query) {
  const std::int64_t user_id = int_at(query, "sender_user_id");
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
  std::vector<WaitingForJoin> waiting = std::move(waiting_for_join_[user_id]);
  waiting_for_join_.erase(user_id);
  if (waiting.empty()) {
    Reply ready = plain_reply("You're all set: send me a file to get its links.");
    co_await chat_.reply(user_id, std::move(ready));
  }
  for (WaitingForJoin& request : waiting) co_await resume(std::move(request));
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
  record.first_name = string_at(user, "first_name");
  const json::value* usernames = user.if_contains("usernames");
  if (usernames != nullptr && usernames->is_object()) {
    record.username = string_at(usernames->get_object(), "editable_username");
  }
  if (chat_.store.upsert_user(record)) chat_.log.info("New user {}", user_id);
}

asio::awaitable<void> ChatService::sleep(std::chrono::steady_clock::duration delay) {
  asio::steady_timer timer(chat_.executor, delay);
  boost::system::error_code ignored;
  co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
}

}  // namespace tglink
