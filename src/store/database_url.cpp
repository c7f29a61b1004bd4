#include "store/database_url.hpp"

#include <cctype>

#include <libpq-fe.h>

#include "logging/secret_masker.hpp"

namespace tglink {

namespace {

constexpr std::string_view kSchemes[] = {"postgresql://", "postgres://"};

// Where the authority (user:pass@host:port) lies: after "scheme://", up to the first '/' or '?'.
// Any scheme, so a URL refused for its scheme still has its password hidden.
std::string_view authority_of(std::string_view url) {
  const std::size_t scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) {
    return {};
  }
  url.remove_prefix(scheme_end + 3);
  return url.substr(0, url.find_first_of("/?"));
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower >= 'a' && lower <= 'f') return lower - 'a' + 10;
  return -1;
}

std::string percent_decoded(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 &&
        hex_value(text[i + 2]) >= 0) {
      out.push_back(static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2])));
      i += 2;
    } else {
      out.push_back(text[i]);
    }
  }
  return out;
}

// libpq checks the port only when it connects; a typo should be reported before that. Several
// hosts give a comma-separated list of ports.
bool valid_ports(std::string_view ports) {
  while (true) {
    const std::string_view port = ports.substr(0, ports.find(','));
    if (port.empty() || port.size() > 5 ||
        port.find_first_not_of("0123456789") != std::string_view::npos ||
        std::stoi(std::string(port)) < 1 || std::stoi(std::string(port)) > 65535) {
      return false;
    }
    if (port.size() == ports.size()) return true;
    ports.remove_prefix(port.size() + 1);
  }
}

}  // namespace

bool is_postgres_url(std::string_view url) {
  for (std::string_view scheme : kSchemes) {
    if (url.starts_with(scheme)) return true;
  }
  return false;
}

std::string database_url_password(std::string_view url) {
  const std::string_view authority = authority_of(url);
  // The user info ends at the LAST '@': an unencoded '@' in a password is a common mistake, and
  // counting it as part of the password keeps it out of messages either way.
  const std::size_t at = authority.rfind('@');
  if (at == std::string_view::npos) return {};
  const std::string_view user_info = authority.substr(0, at);
  const std::size_t colon = user_info.find(':');
  if (colon == std::string_view::npos) return {};
  return std::string(user_info.substr(colon + 1));
}

std::string redact_database_url(std::string_view url) {
  const std::string password = database_url_password(url);
  std::string text(url);
  if (password.empty()) return text;
  const std::size_t start = text.find("://") + 3;
  const std::size_t colon = text.find(':', start);
  text.replace(colon + 1, password.size(), "***");
  return text;
}

std::string redact_password(std::string_view url, std::string text) {
  const std::string password = database_url_password(url);
  mask_whole_values(text, password);
  mask_whole_values(text, percent_decoded(password));
  return text;
}

std::optional<std::string> database_url_problem(std::string_view url) {
  if (!is_postgres_url(url)) {
    return "must start with postgresql:// or postgres://";
  }
  const std::string text(url);
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(text.c_str(), &error);
  if (options == nullptr) {
    std::string message = error != nullptr ? error : "libpq cannot parse it";
    PQfreemem(error);
    while (!message.empty() && std::isspace(static_cast<unsigned char>(message.back()))) {
      message.pop_back();
    }
    return redact_password(url, message);
  }
  bool has_host = false;
  bool ports_ok = true;
  for (const PQconninfoOption* option = options; option->keyword != nullptr; ++option) {
    const std::string_view keyword = option->keyword;
    const std::string_view value = option->val != nullptr ? option->val : "";
    if ((keyword == "host" || keyword == "hostaddr") && !value.empty()) {
      has_host = true;
    }
    if (keyword == "port" && !value.empty()) {
      ports_ok = valid_ports(value);
    }
  }
  PQconninfoFree(options);
  if (!ports_ok) {
    return "has a port that is not a number from 1 to 65535";
  }
  if (!has_host) {
    return "names no host (expected postgresql://user:password@host:5432/database)";
  }
  return std::nullopt;
}

}  // namespace tglink
