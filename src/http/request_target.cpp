#include "http/request_target.hpp"

#include "http/header_text.hpp"
#include "http/request_framing.hpp"

namespace tglink {

namespace {

// "http://" or "https://" (any case, RFC 3986 §3.1), or nothing.
std::optional<std::size_t> after_scheme(std::string_view target) {
  for (const std::string_view scheme : {"http://", "https://"}) {
    if (target.size() >= scheme.size() && iequals_ascii(target.substr(0, scheme.size()), scheme)) {
      return scheme.size();
    }
  }
  return std::nullopt;
}

std::optional<RequestTarget> absolute_form(std::string_view target, std::size_t authority_at) {
  const std::string_view rest = target.substr(authority_at);
  const std::size_t authority_end = rest.find_first_of("/?#");
  const std::string_view authority = rest.substr(0, authority_end);
  // RFC 9110 §4.2.1: an http(s) URI has a host; §4.2.4: user information is refused.
  if (authority.empty() || authority.find('@') != std::string_view::npos ||
      !is_valid_host_field(authority)) {
    return std::nullopt;
  }
  std::string_view path_and_query =
      authority_end == std::string_view::npos ? std::string_view{} : rest.substr(authority_end);
  if (path_and_query.find('#') != std::string_view::npos) return std::nullopt;  // no fragment
  std::string origin = path_and_query.starts_with('/') ? std::string(path_and_query)
                                                       : "/" + std::string(path_and_query);
  return RequestTarget{std::move(origin), std::string(authority)};
}

}  // namespace

std::optional<RequestTarget> parse_request_target(std::string_view method,
                                                  std::string_view target) {
  if (target == "*") {
    if (method != "OPTIONS") return std::nullopt;
    return RequestTarget{"*", std::nullopt};
  }
  if (target.starts_with('/')) return RequestTarget{std::string(target), std::nullopt};
  if (const std::optional<std::size_t> authority_at = after_scheme(target)) {
    return absolute_form(target, *authority_at);
  }
  return std::nullopt;
}

}  // namespace tglink
