#include "sim/url_validation.hpp"

#include <cctype>
#include <charconv>
#include <optional>

#include <arpa/inet.h>

#include "sim/json_fields.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

// A URL taken apart the way parse_url does it.
struct ParsedUrl {
  bool https = false;
  std::string userinfo;
  std::string host;  // lower case
  bool is_ipv6 = false;
  int specified_port = 0;  // 0: none given
  std::string query;       // starts with '/'
};

struct UrlOrError {
  std::optional<ParsedUrl> url;
  std::string error;
};

UrlOrError fail(std::string error) { return {std::nullopt, std::move(error)}; }

bool starts_with_lower(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i]) return false;
  }
  return true;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

// The port after the last ':' of host[:port], or -1 when it is not a number in 1..65535
// (leading zeros are dropped first, as parse_url does).
int parse_port(std::string_view digits) {
  while (digits.size() > 1 && digits.front() == '0') digits.remove_prefix(1);
  int port = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), port);
  if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() || port <= 0) {
    return -1;
  }
  return port;
}

// One host character as parse_url allows it: RFC 3986 symbols, %XX escapes and raw UTF-8.
// Answers the error, or "" when the character at `i` (advanced past an escape) is allowed.
std::string host_char_error(const std::string& host, std::size_t& i) {
  const char c = host[i];
  if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) return {};
  if (std::string_view(".-_!$,~*'();&+=").find(c) != std::string_view::npos) return {};
  if (c == '%') {
    if (i + 2 < host.size() && is_hex(host[i + 1]) && is_hex(host[i + 2])) {
      i += 2;
      return {};
    }
    return "Wrong percent-encoded symbol in URL host";
  }
  if (static_cast<unsigned char>(c) >= 128) return {};
  return "Wrong URL host";
}

std::string host_error(const std::string& host, bool is_ipv6) {
  for (std::size_t i = 0; i < host.size(); ++i) {
    const char c = host[i];
    if (is_ipv6) {
      const bool edge = i == 0 || i + 1 == host.size();
      if (edge || c == ':' || c == '.' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')) {
        continue;
      }
      return "Wrong IPv6 URL host";
    }
    std::string error = host_char_error(host, i);
    if (!error.empty()) return error;
  }
  return {};
}

// The path and query: trailing spaces dropped, a leading '/' ensured, control bytes escaped.
std::string normalized_query(std::string_view rest) {
  while (!rest.empty() && std::isspace(static_cast<unsigned char>(rest.back())) != 0) {
    rest.remove_suffix(1);
  }
  if (rest.empty()) rest = "/";
  std::string query = rest.front() == '/' ? "" : "/";
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (char c : rest) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= 0x20) {
      query += '%';
      query += kHex[byte / 16];
      query += kHex[byte % 16];
    } else {
      query += c;
    }
  }
  return query;
}

// parse_url(url): [http[s]://][userinfo@]host[:port][/path][?query][#fragment], http by default.
UrlOrError parse_url(std::string_view url) {
  ParsedUrl parsed;
  const std::size_t scheme_end = url.find_first_of(":/?#@[]");
  if (scheme_end != std::string_view::npos && url.substr(scheme_end, 3) == "://") {
    const std::string scheme = lower(url.substr(0, scheme_end));
    if (scheme != "http" && scheme != "https") return fail("Unsupported URL protocol");
    parsed.https = scheme == "https";
    url.remove_prefix(scheme_end + 3);
  }
  const std::size_t authority_end = std::min(url.find_first_of("/?#"), url.size());
  std::string_view authority = url.substr(0, authority_end);
  std::size_t colon = authority.empty() ? 0 : authority.size() - 1;
  while (colon > 0 && authority[colon] != ':' && authority[colon] != ']' &&
         authority[colon] != '@') {
    --colon;
  }
  int port = 0;
  std::string_view userinfo_host = authority;
  if (colon > 0 && authority[colon] == ':') {
    port = parse_port(authority.substr(colon + 1));
    userinfo_host = authority.substr(0, colon);
  }
  if (port < 0 || port > 65535) return fail("Wrong port number specified in the URL");
  const std::size_t at = userinfo_host.rfind('@');
  std::string_view host =
      at == std::string_view::npos ? userinfo_host : userinfo_host.substr(at + 1);
  if (at != std::string_view::npos) parsed.userinfo = std::string(userinfo_host.substr(0, at));
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    unsigned char address[16];
    const std::string inner(host.substr(1, host.size() - 2));
    if (inet_pton(AF_INET6, inner.c_str(), address) != 1) {
      return fail("Wrong IPv6 address specified in the URL");
    }
    parsed.is_ipv6 = true;
  }
  if (host.empty()) return fail("URL host is empty");
  if (host == ".") return fail("Host is invalid");
  parsed.host = lower(host);
  if (std::string error = host_error(parsed.host, parsed.is_ipv6); !error.empty()) {
    return fail(std::move(error));
  }
  parsed.specified_port = port;
  parsed.query = normalized_query(url.substr(authority_end));
  return {std::move(parsed), {}};
}

// A tg: link keeps only a bare host of [A-Za-z0-9_-] and its query ("tg://resolve?domain=x").
CheckedLink check_tg_link(std::string_view link, const ParsedUrl& url) {
  if (starts_with_lower(link, "http://") || url.https || !url.userinfo.empty() ||
      url.specified_port != 0 || url.is_ipv6) {
    return {{}, "Wrong tg URL"};
  }
  for (char c : url.host) {
    if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '-' && c != '_') {
      return {{}, "Unallowed characters in URL host"};
    }
  }
  std::string_view query = url.query;
  if (query.size() > 1 && query[1] == '?') query.remove_prefix(1);
  return {"tg://" + url.host + std::string(query), {}};
}

std::string http_url_text(const ParsedUrl& url) {
  std::string text = url.https ? "https://" : "http://";
  if (!url.userinfo.empty()) text += url.userinfo + "@";
  text += url.host;
  if (url.specified_port > 0) text += ":" + std::to_string(url.specified_port);
  return text + url.query;
}

// check_link_impl: the reason only, without the "URL '…' is invalid: " frame.
CheckedLink check_link_reason(std::string_view link) {
  bool is_tg = false;
  if (starts_with_lower(link, "tg:")) {
    link.remove_prefix(3);
    is_tg = true;
    if (link.substr(0, 2) == "//") link.remove_prefix(2);
  } else if (starts_with_lower(link, "ton:") || starts_with_lower(link, "tonsite:")) {
    return {{}, "Unsupported URL protocol"};  // stricter than TDLib: tglink never sends these
  }
  UrlOrError parsed = parse_url(link);
  if (!parsed.url) return {{}, parsed.error};
  if (is_tg) return check_tg_link(link, *parsed.url);
  if (parsed.url->host.find('.') == std::string::npos && !parsed.url->is_ipv6) {
    return {{}, "Wrong HTTP URL"};
  }
  return {http_url_text(*parsed.url), {}};
}

// Bytes in the UTF-8 sequence that `lead` starts, or 0 when it cannot start one.
std::size_t utf8_sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead >> 5) == 0x6) return 2;
  if ((lead >> 4) == 0xE) return 3;
  if ((lead >> 3) == 0x1E) return 4;
  return 0;
}

bool is_valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t length = utf8_sequence_length(static_cast<unsigned char>(text[i]));
    if (length == 0 || i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    }
    i += length;
  }
  return true;
}

// Checks one URL stored at `slot`, replacing it with its normalized form; answers TDLib's
// message prefixed with `what` ("Inline keyboard button ", "Entity ") when it is refused.
std::string check_slot(json::value& slot, std::string_view what) {
  const std::string url = slot.is_string() ? std::string(slot.get_string()) : std::string();
  CheckedLink checked = check_link(url);
  if (!checked.ok()) return std::string(what) + checked.error;
  slot = checked.url;
  return {};
}

std::string refused_keyboard_link(json::value& reply_markup) {
  if (!reply_markup.is_object()) return {};
  json::value* rows = reply_markup.get_object().if_contains("rows");
  if (rows == nullptr || !rows->is_array()) return {};
  for (json::value& row : rows->get_array()) {
    if (!row.is_array()) continue;
    for (json::value& button : row.get_array()) {
      if (!button.is_object()) continue;
      json::value* type = button.get_object().if_contains("type");
      if (type == nullptr || !type->is_object()) continue;
      if (type_of(type->get_object()) != "inlineKeyboardButtonTypeUrl") continue;
      std::string error = check_slot(type->get_object()["url"], "Inline keyboard button ");
      if (!error.empty()) return error;
    }
  }
  return {};
}

std::string refused_entity_link(json::array& entities) {
  for (json::value& entity : entities) {
    if (!entity.is_object()) continue;
    json::value* type = entity.get_object().if_contains("type");
    if (type == nullptr || !type->is_object()) continue;
    if (type_of(type->get_object()) != "textEntityTypeTextUrl") continue;
    std::string error = check_slot(type->get_object()["url"], "Entity ");
    if (!error.empty()) return error;
  }
  return {};
}

}  // namespace

CheckedLink check_link(std::string_view link) {
  CheckedLink checked = check_link_reason(link);
  if (checked.ok()) return checked;
  // LinkManager::check_link names the link only when it is valid UTF-8.
  checked.error = is_valid_utf8(link)
                      ? "URL '" + std::string(link) + "' is invalid: " + checked.error
                      : "URL is invalid: " + checked.error;
  return checked;
}

std::string refused_link(json::value& reply_markup, json::array& entities) {
  std::string error = refused_keyboard_link(reply_markup);
  if (!error.empty()) return error;
  return refused_entity_link(entities);
}

}  // namespace tglink::sim
