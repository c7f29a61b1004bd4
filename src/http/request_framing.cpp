#include "http/request_framing.hpp"

#include <algorithm>
#include <array>

#include <arpa/inet.h>

#include "http/header_text.hpp"

namespace tglink {
namespace {

constexpr std::size_t kMaxPortDigits = 5;

bool is_alpha_digit(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool is_hex_digit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// unreserved / sub-delims of RFC 3986; '%' is checked apart, as it needs two hex digits after.
bool is_reg_name_char(char c) {
  return is_alpha_digit(c) || std::string_view("-._~!$&'()*+,;=").find(c) != std::string_view::npos;
}

bool is_reg_name(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%') {
      if (i + 2 >= text.size() || !is_hex_digit(text[i + 1]) || !is_hex_digit(text[i + 2])) {
        return false;
      }
      i += 2;
    } else if (!is_reg_name_char(text[i])) {
      return false;
    }
  }
  return true;
}

bool is_ipv6_literal(std::string_view inside_brackets) {
  if (inside_brackets.find('\0') != std::string_view::npos) return false;
  const std::string text(inside_brackets);
  std::array<unsigned char, 16> address{};
  return inet_pton(AF_INET6, text.c_str(), address.data()) == 1;
}

bool is_port(std::string_view text) {
  return text.size() <= kMaxPortDigits &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The values of every line of one field, in order.
std::vector<std::string_view> field_lines(std::span<const HeaderField> fields,
                                          std::string_view name) {
  std::vector<std::string_view> lines;
  for (const auto& [key, value] : fields) {
    if (iequals_ascii(key, name)) lines.emplace_back(value);
  }
  return lines;
}

FramingDecision refuse(int status, std::string_view code, std::string_view message) {
  FramingDecision decision;
  decision.refusal = FramingRefusal{status, code, message};
  return decision;
}

std::optional<FramingDecision> check_host(const RequestHead& head) {
  const std::vector<std::string_view> hosts = field_lines(head.fields, "Host");
  if (hosts.empty() && head.version >= 11) {
    return refuse(400, "BAD_REQUEST", "An HTTP/1.1 request needs a Host header");
  }
  if (hosts.size() > 1) {
    return refuse(400, "BAD_REQUEST", "A request may carry only one Host header");
  }
  if (!hosts.empty() && !is_valid_host_field(trim_ows(hosts.front()))) {
    return refuse(400, "BAD_REQUEST", "The Host header is not a host name with an optional port");
  }
  return std::nullopt;
}

// The one transfer coding understood is "chunked" alone (RFC 9112 §7: a request body's codings
// must end with chunked, and tglink decodes no other coding to put before it).
bool is_chunked_alone(std::span<const std::string_view> lines) {
  std::vector<std::string_view> codings;
  for (const std::string_view line : lines) {
    for (const std::string_view coding : split_list(line)) codings.push_back(coding);
  }
  return codings.size() == 1 && iequals_ascii(codings.front(), "chunked");
}

std::optional<FramingDecision> check_transfer_encoding(const RequestHead& head) {
  const std::vector<std::string_view> codings = field_lines(head.fields, "Transfer-Encoding");
  if (codings.empty()) return std::nullopt;
  if (head.version < 11) {
    return refuse(400, "BAD_REQUEST", "HTTP/1.0 has no Transfer-Encoding");
  }
  if (!is_chunked_alone(codings)) {
    return refuse(400, "BAD_REQUEST", "The only Transfer-Encoding understood is \"chunked\"");
  }
  if (!field_lines(head.fields, "Content-Length").empty()) {
    return refuse(400, "BAD_REQUEST",
                  "A request may not carry both Content-Length and Transfer-Encoding");
  }
  return std::nullopt;
}

// One line of digits. RFC 9110 §8.6 lets a recipient take "5, 5" or two equal lines as 5, but a
// proxy in front may read them otherwise, so the stricter reading is kept: refuse them.
std::optional<FramingDecision> check_content_length(const RequestHead& head) {
  const std::vector<std::string_view> lengths = field_lines(head.fields, "Content-Length");
  if (lengths.empty()) return std::nullopt;
  const std::string_view value = trim_ows(lengths.front());
  const bool digits_only = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
    return c >= '0' && c <= '9';
  });
  if (lengths.size() > 1 || !digits_only) {
    return refuse(400, "BAD_REQUEST", "Content-Length must be one decimal number");
  }
  return std::nullopt;
}

}  // namespace

bool is_valid_host_field(std::string_view value) {
  std::string_view host = value;
  std::string_view rest;
  if (value.starts_with('[')) {
    const std::size_t close = value.find(']');
    if (close == std::string_view::npos || !is_ipv6_literal(value.substr(1, close - 1))) {
      return false;
    }
    rest = value.substr(close + 1);
  } else {
    const std::size_t colon = value.find(':');
    host = value.substr(0, colon);
    rest = colon == std::string_view::npos ? std::string_view{} : value.substr(colon);
    if (!is_reg_name(host)) return false;
  }
  if (rest.empty()) return true;
  return rest.front() == ':' && is_port(rest.substr(1));
}

FramingDecision check_request_framing(const RequestHead& head) {
  if (std::optional<FramingDecision> refused = check_host(head)) return *refused;
  if (std::optional<FramingDecision> refused = check_transfer_encoding(head)) return *refused;
  if (std::optional<FramingDecision> refused = check_content_length(head)) return *refused;
  FramingDecision decision;
  const std::vector<std::string_view> expectations = field_lines(head.fields, "Expect");
  if (expectations.empty() || head.version < 11) return decision;
  if (expectations.size() != 1 || !iequals_ascii(trim_ows(expectations.front()), "100-continue")) {
    return refuse(417, "EXPECTATION_FAILED", "The only expectation understood is 100-continue");
  }
  decision.expects_continue = true;
  return decision;
}

}  // namespace tglink
