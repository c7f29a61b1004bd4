#include "dashboard/session_cookie.hpp"

namespace tglink {

namespace {

std::string_view trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const std::size_t last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

}  // namespace

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
    const std::string_view pair = trimmed(cookie_header.substr(0, end));
    cookie_header = end == std::string_view::npos ? "" : cookie_header.substr(end + 1);
    const std::size_t equals = pair.find('=');
    if (equals == std::string_view::npos) continue;
    if (trimmed(pair.substr(0, equals)) != kDashboardCookieName) continue;
    const std::string_view value = trimmed(pair.substr(equals + 1));
    if (!value.empty()) return std::string(value);
  }
  return std::nullopt;
}

}  // namespace tglink
