#pragma once
// What the ChatService tests share: the fake Telegram answering the requests every chat exchange
// makes (getUser, sendMessage, getChat, getMessage, setCommands, answerCallbackQuery,
// editMessageText), an in-memory store, a fake clock, the updates a user sends and the replies
// the bot sends back. A test's fixture derives from it, answers what else it needs with
// client.respond_to() (a later answer for a type replaces this one), and starts the service.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "chat/chat_service.hpp"
#include "config/config.hpp"
#include "core/base64.hpp"
#include "links/link_token.hpp"
#include "logging/log.hpp"
#include "store/sqlite_store.hpp"
#include "support/fake_clock.hpp"
#include "support/fake_telegram_client.hpp"
#include "support/io_wait.hpp"

namespace tglink::testing {

class ChatFixture : public ::testing::Test {
 protected:
  explicit ChatFixture(SystemTime now = utc(2026, 11, 21, 21, 30)) : clock(now) {
    client.respond_to("getUser", [](const boost::json::object& r) {
      return boost::json::object{{"@type", "user"}, {"id", r.at("user_id")}, {"first_name", "Ann"}};
    });
    client.respond_to("sendMessage", [](const boost::json::object&) {
      return boost::json::object{{"@type", "message"}, {"id", 1 << 20}};
    });
    for (const char* type : {"setCommands", "answerCallbackQuery", "editMessageText"}) {
      client.respond_to(type, [](const boost::json::object&) { return ok(); });
    }
    client.respond_to("getChat", [](const boost::json::object& r) {
      return boost::json::object{{"@type", "chat"}, {"id", r.at("chat_id")}};
    });
    client.respond_to("getMessage", [](const boost::json::object& r) {
      return boost::json::object{
          {"@type", "message"}, {"id", r.at("message_id")}, {"chat_id", r.at("chat_id")}};
    });
  }

  static boost::json::object ok() { return boost::json::object{{"@type", "ok"}}; }

  static boost::json::object text_content(const std::string& text) {
    boost::json::object formatted{
        {"@type", "formattedText"}, {"text", text}, {"entities", boost::json::array()}};
    return boost::json::object{{"@type", "messageText"}, {"text", formatted}};
  }

  // A file sent as a document (messageDocument), named `name`.
  static boost::json::object document_content(
      const std::string& name, std::int64_t size,
      const std::string& mime_type = "application/octet-stream") {
    boost::json::object file{{"@type", "file"}, {"id", 5}, {"size", size}};
    boost::json::object document{
        {"@type", "document"}, {"file_name", name}, {"mime_type", mime_type}, {"document", file}};
    return boost::json::object{{"@type", "messageDocument"}, {"document", std::move(document)}};
  }

  // Message `id` of `user` in `chat`, as TDLib delivers it; with `reply_to`, a reply to that
  // message of the same chat.
  static boost::json::object message_in(std::int64_t chat, std::int64_t user, std::int64_t id,
                                        boost::json::object content, std::int64_t reply_to = 0,
                                        bool outgoing = false) {
    boost::json::object sender{{"@type", "messageSenderUser"}, {"user_id", user}};
    boost::json::object message{{"@type", "message"},      {"id", id},
                                {"chat_id", chat},         {"sender_id", sender},
                                {"is_outgoing", outgoing}, {"content", std::move(content)}};
    if (reply_to != 0) {
      message["reply_to"] = boost::json::object{
          {"@type", "messageReplyToMessage"}, {"chat_id", chat}, {"message_id", reply_to}};
    }
    return boost::json::object{{"@type", "updateNewMessage"}, {"message", std::move(message)}};
  }

  // A user's message in their private chat.
  static boost::json::object user_message(std::int64_t user, std::int64_t id,
                                          boost::json::object content, std::int64_t reply_to = 0) {
    return message_in(user, user, id, std::move(content), reply_to);
  }

  // The text of a sendMessage or editMessageText request.
  static std::string text_of(const boost::json::object& request) {
    return std::string(request.at("input_message_content").at("text").at("text").as_string());
  }

  static bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
  }

  // The user sends the text; runs until the bot answers in that chat, and answers with the
  // answer's text ("" when none came).
  std::string say(std::int64_t user, const std::string& text, std::int64_t reply_to = 0) {
    const std::size_t before = sent_to(user);
    client.push_update(user_message(user, next_message_id() << 20, text_content(text), reply_to));
    EXPECT_TRUE(run_until(io, [&] { return sent_to(user) > before; })) << text;
    return sent_to(user) > before ? text_of(last_sent_to(user)) : std::string();
  }

  // The user presses a button whose callback data is `data`.
  void press(std::int64_t user, const std::string& data) {
    boost::json::object payload{{"@type", "callbackQueryPayloadData"},
                                {"data", base64_encode(data)}};
    client.push_update(boost::json::object{{"@type", "updateNewCallbackQuery"},
                                           {"id", 77},
                                           {"sender_user_id", user},
                                           {"chat_id", user},
                                           {"message_id", 3 << 20},
                                           {"payload", payload}});
  }

  [[nodiscard]] std::size_t sent_to(std::int64_t chat) const {
    std::size_t count = 0;
    for (const boost::json::object& request : client.sent_of_type("sendMessage")) {
      if (request.at("chat_id").as_int64() == chat) ++count;
    }
    return count;
  }

  [[nodiscard]] boost::json::object last_sent() const {
    return client.sent_of_type("sendMessage").back();
  }

  [[nodiscard]] boost::json::object last_sent_to(std::int64_t chat) const {
    boost::json::object last;
    for (const boost::json::object& request : client.sent_of_type("sendMessage")) {
      if (request.at("chat_id").as_int64() == chat) last = request;
    }
    return last;
  }

  // A fresh message id for the next message a user sends.
  std::int64_t next_message_id() { return next_message_id_++; }

  boost::asio::io_context io;
  Config config;
  Log log{LogOptions{.console_level = LogLevel::Info, .ring_capacity = 1000, .console = false}};
  SqliteStore store{":memory:"};
  FakeClock clock;
  LinkTokenCodec links{"chat-test-key"};
  FakeTelegramClient client;
  std::unique_ptr<ChatService> service;

 private:
  std::int64_t next_message_id_ = 10;
};

}  // namespace tglink::testing
