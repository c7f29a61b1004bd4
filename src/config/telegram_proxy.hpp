#pragma once
// TELEGRAM_PROXY: the proxy every bot's TDLib reaches Telegram through, where Telegram is
// blocked or slow. Three forms, as TDLib's proxy types take them:
//   socks5://[user:pass@]host:port   proxyTypeSocks5
//   http://[user:pass@]host:port     proxyTypeHttp with http_only = false (CONNECT tunnels)
//   mtproto://secret@host:port       proxyTypeMtproto; the secret in hex (32 digits, or 34 with
//                                    a dd prefix) or an "ee" fake-TLS secret, as MTProxy gives it
// The user name, password and secret are secrets: logs and check-config show the URL only
// through redacted_proxy_url().

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tglink {

enum class ProxyKind { socks5, http, mtproto };

struct TelegramProxy {
  ProxyKind kind = ProxyKind::socks5;
  std::string host;
  std::uint16_t port = 0;
  std::string username;  // socks5, http; secret
  std::string password;  // socks5, http; secret
  std::string secret;    // mtproto; secret
};

// The proxy, or a problem for people ("... is not ...") that never repeats a secret.
[[nodiscard]] std::variant<TelegramProxy, std::string> parse_telegram_proxy(std::string_view url);

// "socks5://user:***@host:port", "mtproto://***@host:port": safe to log.
[[nodiscard]] std::string redacted_proxy_url(const TelegramProxy& proxy);

// The secrets of a proxy, for Log::add_secret (empty ones left out).
[[nodiscard]] std::vector<std::string> proxy_secrets(const TelegramProxy& proxy);

}  // namespace tglink
