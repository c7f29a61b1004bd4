#include "config/telegram_proxy.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

namespace tglink {

namespace {

constexpr std::string_view kForms =
    "socks5://[user:pass@]host:port, http://[user:pass@]host:port or mtproto://secret@host:port";

struct Scheme {
  std::string_view prefix;
  ProxyKind kind;
};
constexpr Scheme kSchemes[] = {{"socks5://", ProxyKind::socks5},
                               {"http://", ProxyKind::http},
                               {"mtproto://", ProxyKind::mtproto}};

// "socks5://" for ProxyKind::socks5: the prefix kSchemes pairs with the kind.
std::string_view scheme_prefix(ProxyKind kind) {
  for (const Scheme& scheme : kSchemes) {
    if (scheme.kind == kind) return scheme.prefix;
  }
  return "";
}

bool is_hex(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

// What MTProxy hands out: 16 bytes in hex, "dd" + 16 bytes (random padding), or "ee" + 16 bytes
// + the fake-TLS domain, all in hex. TDLib also takes base64; hex is what people are given.
bool valid_mtproto_secret(std::string_view secret) {
  if (!is_hex(secret)) return false;
  if (secret.size() == 32) return true;
  if (secret.size() == 34 && (secret.starts_with("dd") || secret.starts_with("DD"))) return true;
  return secret.size() > 34 && secret.size() % 2 == 0 &&
         (secret.starts_with("ee") || secret.starts_with("EE"));
}

bool valid_host(std::string_view host) {
  if (host.empty() || host.size() > 253) return false;
  if (host.front() == '[') return host.back() == ']' && host.size() > 2;
  return std::all_of(host.begin(), host.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '-' || c == '_';
  });
}

std::optional<std::uint16_t> parse_port(std::string_view text) {
  int port = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), port);
  if (error != std::errc() || end != text.data() + text.size() || port < 1 || port > 65535) {
    return std::nullopt;
  }
  return static_cast<std::uint16_t>(port);
}

// "host:port" or "[v6]:port" into the proxy.
std::optional<std::string> read_host_port(std::string_view text, TelegramProxy& proxy) {
  const std::size_t colon = text.rfind(':');
  if (colon == std::string_view::npos || (text.front() == '[' && text[colon - 1] != ']')) {
    return "has no port (host:port)";
  }
  std::string_view host = text.substr(0, colon);
  if (!valid_host(host)) return "has no valid host name or address";
  const std::optional<std::uint16_t> port = parse_port(text.substr(colon + 1));
  if (!port) return "has no valid port (1 to 65535)";
  if (host.front() == '[') host = host.substr(1, host.size() - 2);
  proxy.host = std::string(host);
  proxy.port = *port;
  return std::nullopt;
}

std::optional<std::string> read_credentials(std::string_view userinfo, TelegramProxy& proxy) {
  if (proxy.kind == ProxyKind::mtproto) {
    if (!valid_mtproto_secret(userinfo)) {
      return "has no valid MTProxy secret before '@' (32 hex digits, 34 starting dd, or an "
             "ee... fake-TLS secret)";
    }
    proxy.secret = std::string(userinfo);
    return std::nullopt;
  }
  const std::size_t colon = userinfo.find(':');
  if (colon == std::string_view::npos || colon == 0) {
    return "has credentials that are not user:password";
  }
  proxy.username = std::string(userinfo.substr(0, colon));
  proxy.password = std::string(userinfo.substr(colon + 1));
  return std::nullopt;
}

}  // namespace

std::variant<TelegramProxy, std::string> parse_telegram_proxy(std::string_view url) {
  TelegramProxy proxy;
  const Scheme* scheme = std::find_if(std::begin(kSchemes), std::end(kSchemes),
                                      [url](const Scheme& s) { return url.starts_with(s.prefix); });
  if (scheme == std::end(kSchemes)) return "is not one of " + std::string(kForms);
  proxy.kind = scheme->kind;
  std::string_view rest = url.substr(scheme->prefix.size());
  if (!rest.empty() && rest.back() == '/') rest.remove_suffix(1);
  if (rest.find('/') != std::string_view::npos || rest.find('?') != std::string_view::npos) {
    return "has a path or query; give only " + std::string(kForms);
  }
  const std::size_t at = rest.rfind('@');
  if (at != std::string_view::npos) {
    if (std::optional<std::string> problem = read_credentials(rest.substr(0, at), proxy)) {
      return *problem;
    }
    rest = rest.substr(at + 1);
  } else if (proxy.kind == ProxyKind::mtproto) {
    return "needs the MTProxy secret: mtproto://secret@host:port";
  }
  if (rest.empty()) return "has no host:port";
  if (std::optional<std::string> problem = read_host_port(rest, proxy)) return *problem;
  return proxy;
}

std::string redacted_proxy_url(const TelegramProxy& proxy) {
  std::string url = std::string(scheme_prefix(proxy.kind));
  if (proxy.kind == ProxyKind::mtproto) {
    url += "***@";
  } else if (!proxy.username.empty()) {
    url += proxy.username + ":***@";
  }
  const bool v6 = proxy.host.find(':') != std::string::npos;
  url += v6 ? "[" + proxy.host + "]" : proxy.host;
  return url + ":" + std::to_string(proxy.port);
}

std::vector<std::string> proxy_secrets(const TelegramProxy& proxy) {
  std::vector<std::string> secrets;
  for (const std::string* secret : {&proxy.password, &proxy.secret}) {
    if (!secret->empty()) secrets.push_back(*secret);
  }
  return secrets;
}

}  // namespace tglink
