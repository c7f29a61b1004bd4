#include "http/http_request.hpp"

#include "core/url_encoding.hpp"
#include "http/header_text.hpp"

namespace tglink {
std::string_view HttpRequest::path() const {
  const std::string_view t = target;
  return t.substr(0, t.find('?'));
}

std::string_view HttpRequest::query() const {
  const std::string_view t = target;
  const std::size_t q = t.find('?');
  return q == std::string_view::npos ? std::string_view{} : t.substr(q + 1);
}

std::optional<std::string_view> HttpRequest::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (iequals_ascii(key, name)) return value;
  }
  return std::nullopt;
}

std::string HttpRequest::joined_header(std::string_view name) const {
  std::string joined;
  for (const auto& [key, value] : headers) {
    if (!iequals_ascii(key, name)) continue;
    if (!joined.empty()) joined += ", ";
    joined += value;
  }
  return joined;
}

std::optional<std::string> HttpRequest::query_param(std::string_view name) const {
  std::string_view rest = query();
  while (!rest.empty()) {
    const std::size_t amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
    const std::size_t eq = pair.find('=');
    if (pair.substr(0, eq) != name) continue;
    if (eq == std::string_view::npos) return std::string{};
    return url_decode_component(pair.substr(eq + 1));
  }
  return std::nullopt;
}

}  // namespace tglink
