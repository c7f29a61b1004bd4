#include "chat/commands/bot_command_menu.hpp"

#include "chat/chat_context.hpp"
#include "chat/commands/command_registry.hpp"
#include "chat/messages/message_loading.hpp"
#include "config/config.hpp"
#include "logging/log.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

namespace json = boost::json;
namespace asio = boost::asio;

namespace {

json::object set_commands(json::object scope, const std::vector<const ChatCommand*>& commands) {
  json::array list;
  for (const ChatCommand* command : commands) {
    list.push_back(json::object{{"@type", "botCommand"},
                                {"command", command->name},
                                {"description", command->description}});
  }
  return json::object{{"@type", "setCommands"},
                      {"scope", std::move(scope)},
                      {"language_code", ""},
                      {"commands", std::move(list)}};
}

asio::awaitable<void> send_logged(const ChatContext& chat, json::object request, std::string what) {
  const json::object answer = co_await chat.client.request(std::move(request));
  if (const auto error = td_error(answer)) {
    chat.log.warning("setCommands for {} failed: {} {}", what, error->code, error->message);
  }
}

}  // namespace

json::object default_menu_request(const CommandRegistry& registry) {
  json::object scope{{"@type", "botCommandScopeDefault"}};
  return set_commands(std::move(scope), registry.usable_by(false));
}

json::object admin_menu_request(const CommandRegistry& registry, std::int64_t admin_user_id) {
  json::object scope{{"@type", "botCommandScopeChat"}, {"chat_id", admin_user_id}};
  return set_commands(std::move(scope), registry.usable_by(true));
}

asio::awaitable<void> publish_command_menus(const ChatContext& chat,
                                            const CommandRegistry& registry) {
  json::object everyone = default_menu_request(registry);
  co_await send_logged(chat, std::move(everyone), "everyone");
  for (const std::int64_t admin : chat.config.admins) {
    // TDLib needs to know the chat before it can scope anything to it (message_loading.hpp).
    json::object open = load_chat_request(admin);
    co_await chat.client.request(std::move(open));
    json::object menu = admin_menu_request(registry, admin);
    co_await send_logged(chat, std::move(menu), "admin " + std::to_string(admin));
  }
}

}  // namespace tglink
