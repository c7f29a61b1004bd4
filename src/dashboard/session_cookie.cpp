#include "dashboard/session_cookie.hpp"

#include "core/trim.hpp"

namespace tglink {

std::string dashboard_session_cookie(std::string_view token, std::chrono::seconds lifetime,
                                     bool secure) {
  std::string cookie(kDashboardCookieName);
  cookie += '=';
  cookie += token;
  cookie += "; Path=";
  cookie += kDashboardCookiePath;
  cookie += "; Max-Age=" + std::to_string(lifetime.count());
  cookie += "; HttpOnly; SameSite=Strict";
  if (secure) cookie += "; Secure";
  return cookie;
}

std::optional<std::string> dashboard_session_from(std::string_view cookie_header) {
  while (!cookie_header.empty()) {
    const std::size_t end = cookie_header.find(';');
    const std::string_view pair = trim(cookie_header.substr(0, end), " \t");
    cookie_header = end == std::string_view::npos ? "" : cookie_header.substr(end + 1);
    const std::size_t equals = pair.find('=');
    if (equals == std::string_view::npos) continue;
    if (trim(pair.substr(0, equals), " \t") != kDashboardCookieName) continue;
    const std::string_view value = trim(pair.substr(equals + 1), " \t");
    if (!value.empty()) return std::string(value);
  }
  return std::nullopt;
}

}  // namespace tglink
