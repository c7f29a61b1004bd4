#include "sim/proxy_rules.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "core/base64.hpp"
#include "sim/json_fields.hpp"

namespace tglink::sim {

namespace json = boost::json;

namespace {

// ServerName's limit in Proxy::create_proxy.
constexpr std::size_t kMaxServerName = 255;
constexpr std::size_t kSecretBytes = 16;

std::optional<std::string> hex_bytes(const std::string& text) {
  if (text.empty() || text.size() % 2 != 0) return std::nullopt;
  std::string bytes;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const auto digit = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (lower >= 'a' && lower <= 'f') return lower - 'a' + 10;
      return -1;
    };
    const int high = digit(text[i]);
    const int low = digit(text[i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    bytes += static_cast<char>(high * 16 + low);
  }
  return bytes;
}

std::string to_hex(const std::string& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    text += kDigits[byte >> 4];
    text += kDigits[byte & 15];
  }
  return text;
}

bool fake_tls(const std::string& bytes) {
  return bytes.size() > kSecretBytes + 1 && static_cast<unsigned char>(bytes[0]) == 0xee;
}

// ProxySecret::from_binary: 16 bytes; 17 starting 0xdd (random padding); 0xee, 16 bytes and a
// non-empty fake-TLS domain.
std::string secret_error(const std::string& secret) {
  const std::optional<std::string> bytes = hex_bytes(secret);
  if (!bytes || bytes->size() < kSecretBytes) return "Wrong proxy secret";
  if (bytes->size() == kSecretBytes) return "";
  const auto first = static_cast<unsigned char>((*bytes)[0]);
  if (bytes->size() == kSecretBytes + 1 && first == 0xdd) return "";
  if (fake_tls(*bytes)) return "";
  return "Unsupported proxy secret";
}

const json::object* nested(const json::object& object, std::string_view name) {
  const json::value* value = object.if_contains(name);
  return value != nullptr && value->is_object() ? &value->get_object() : nullptr;
}

}  // namespace

std::string proxy_error(const json::object* proxy) {
  if (proxy == nullptr) return "Proxy must be non-empty";
  const json::object* type = nested(*proxy, "type");
  if (type == nullptr) return "Proxy type must be non-empty";
  const std::string server = string_field(*proxy, "server");
  if (server.empty()) return "Server name must be non-empty";
  if (server.size() > kMaxServerName) return "Server name is too long";
  const std::int64_t port = int_field(*proxy, "port");
  if (port <= 0 || port > 65535) return "Wrong port number";
  if (type_of(*type) == "proxyTypeMtproto") return secret_error(string_field(*type, "secret"));
  return "";
}

json::object normalized_proxy(const json::object& proxy) {
  const json::object& given = *nested(proxy, "type");
  const std::string kind = type_of(given);
  json::object type{{"@type", kind}};
  if (kind == "proxyTypeMtproto") {
    const std::string bytes = hex_bytes(string_field(given, "secret")).value_or("");
    type["secret"] = fake_tls(bytes) ? base64url_encode(bytes) : to_hex(bytes);
  } else {
    type["username"] = string_field(given, "username");
    type["password"] = string_field(given, "password");
    if (kind == "proxyTypeHttp") type["http_only"] = bool_field(given, "http_only");
  }
  return json::object{{"@type", "proxy"},
                      {"server", string_field(proxy, "server")},
                      {"port", int_field(proxy, "port")},
                      {"type", std::move(type)}};
}

}  // namespace tglink::sim
