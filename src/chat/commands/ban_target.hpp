#pragma once
// Whom /ban, /unban and the admin's /stats are about: a user id in the arguments, or, with no
// id, the user whose message the admin forwarded into the chat and replied to (TDLib's
// message.forward_info.origin, messageOriginUser). A user who hides their account in forwards
// (messageOriginHiddenUser) can only be named by id.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "chat/messages/reply.hpp"

namespace tglink {

struct CommandCall;

struct BanArguments {
  std::int64_t user_id = 0;  // 0 = none given: the replied-to message decides
  bool revoke = false;       // "revoke": the user's links stop working too
};

// "<user id> [revoke]" in either order, "revoke", or nothing; "revoke" only when `allow_revoke`.
// nullopt for anything else (a second id, an unknown word, an id that is not a user id).
[[nodiscard]] std::optional<BanArguments> parse_ban_arguments(std::string_view arguments,
                                                              bool allow_revoke);

// The original sender of a forwarded message, or nullopt with `problem` set to what to tell the
// admin (not forwarded, hidden sender, ...).
[[nodiscard]] std::optional<std::int64_t> forwarded_sender(const boost::json::object& message,
                                                           std::string& problem);

// The user the call names: the id in `arguments`, else the forwarded sender of the message the
// command replies to (loaded with getMessage). nullopt with `problem` set when there is none.
[[nodiscard]] boost::asio::awaitable<std::optional<std::int64_t>> target_user(
    const CommandCall& call, const BanArguments& arguments, std::string& problem);

// What a command about one user (/ban, /unban) does to the user it names.
using TargetAction =
    std::function<boost::asio::awaitable<Reply>(std::int64_t user_id, const BanArguments&)>;

// The reply to such a command: `act`'s for the user the call names, else `usage`, after what was
// wrong when the arguments were well formed but named nobody.
[[nodiscard]] boost::asio::awaitable<Reply> reply_about_target(const CommandCall& call,
                                                               bool allow_revoke,
                                                               std::string_view usage,
                                                               TargetAction act);

}  // namespace tglink
