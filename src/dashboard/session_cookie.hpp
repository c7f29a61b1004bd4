#pragma once
// The dashboard's session cookie: what the Set-Cookie header says, and reading it back from a
// Cookie header.
//
// HttpOnly, so no script (the page's own included) can read it; SameSite=Strict, so no other
// site can make a browser send it; Secure when BASE_URL is https, so it never travels in clear;
// Path=/admin, so it goes only to the dashboard's routes. It lasts as long as the session token
// inside it (a working day); the token itself says so too, so a kept cookie still stops working.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace tglink {

inline constexpr std::string_view kDashboardCookieName = "tglink_dashboard";
inline constexpr std::string_view kDashboardCookiePath = "/admin";

// The Set-Cookie value for a session token.
[[nodiscard]] std::string dashboard_session_cookie(std::string_view token,
                                                   std::chrono::seconds lifetime, bool secure);

// The session token in a Cookie header ("a=1; tglink_dashboard=TOKEN"), or nullopt.
[[nodiscard]] std::optional<std::string> dashboard_session_from(std::string_view cookie_header);

}  // namespace tglink
