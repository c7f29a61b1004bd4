#pragma once
// Reading TDLib's JSON objects: their "@type", and the error answer. Pure functions over
// boost::json, apart from the client so that code reading TDLib's output (and its fuzz target)
// needs no Asio.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>

namespace tglink {

// TDLib's error answer: {"@type":"error","code":400,"message":"..."}.
struct TdError {
  std::int32_t code = 0;
  std::string message;
};

[[nodiscard]] bool is_error(const boost::json::object& answer);
// The code and message of an error answer; nullopt when the answer is not an error.
[[nodiscard]] std::optional<TdError> td_error(const boost::json::object& answer);
// An error answer as TDLib would write it; fakes and the client's own failures use it.
[[nodiscard]] boost::json::object make_td_error(std::int32_t code, std::string_view message);
// The object's "@type", or "" when it has none.
[[nodiscard]] std::string_view td_type(const boost::json::object& object);
// The username people reach a user or a supergroup by: usernames.active_usernames[0], or "".
[[nodiscard]] std::string first_active_username(const boost::json::object& user_or_supergroup);

}  // namespace tglink
