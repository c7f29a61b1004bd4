#pragma once
// Methods TDLib refuses to bots before doing anything (CHECK_IS_USER in Requests.cpp): a bot
// gets 400 "The method is not available to bots". Reading a chat's history is among them, which
// is why tglink reads LOG_CHANNEL message by message (getMessage) and never lists it.

#include <string_view>

namespace tglink::sim {

inline constexpr std::string_view kNotAvailableToBots = "The method is not available to bots";

// Whether TDLib refuses `method` to a bot with kNotAvailableToBots. Only methods a bot might
// plausibly reach for are listed; the simulator does not implement the others anyway.
[[nodiscard]] bool is_user_only_method(std::string_view method);

}  // namespace tglink::sim
