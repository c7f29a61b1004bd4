#pragma once
// The command menu Telegram clients show (setCommands): everyone's commands in the default
// scope, and for each admin, in that admin's private chat, everyone's plus the admin commands.

#include <cstdint>
#include <vector>

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

namespace tglink {

class CommandRegistry;
struct ChatContext;

// setCommands with botCommandScopeDefault.
[[nodiscard]] boost::json::object default_menu_request(const CommandRegistry& registry);
// setCommands with botCommandScopeChat(admin_user_id).
[[nodiscard]] boost::json::object admin_menu_request(const CommandRegistry& registry,
                                                     std::int64_t admin_user_id);

// Sends both kinds; a refusal is logged (e.g. an admin who never talked to the bot).
[[nodiscard]] boost::asio::awaitable<void> publish_command_menus(const ChatContext& chat,
                                                                 const CommandRegistry& registry);

}  // namespace tglink
