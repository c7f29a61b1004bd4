#include "http/content_disposition.hpp"

#include "core/url_encoding.hpp"
#include "core/user_text.hpp"

namespace tglink {
namespace {

constexpr std::string_view kDefaultName = "download";

bool is_utf8_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

bool is_safe_in_quoted_fallback(unsigned char byte) {
  return byte >= 0x20 && byte < 0x7F && byte != '"' && byte != '\\' && byte != '%';
}

// attr-char of RFC 8187 §3.2.1: what may stand unencoded in an ext-value.
bool is_attr_char(char c) {
  if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) return true;
  return std::string_view("!#$&+-.^_`|~").find(c) != std::string_view::npos;
}

std::string percent_encode_ext_value(std::string_view text) {
  return percent_encode(text, is_attr_char);
}

}  // namespace

std::string ascii_fallback_file_name(std::string_view file_name) {
  std::string fallback;
  for (const char c : file_name) {
    const auto byte = static_cast<unsigned char>(c);
    if (is_utf8_continuation(byte)) continue;  // its lead byte already became '_'
    fallback.push_back(is_safe_in_quoted_fallback(byte) ? c : '_');
  }
  return fallback.empty() ? std::string(kDefaultName) : fallback;
}

std::string content_disposition(DispositionType type, std::string_view file_name) {
  // filename* declares UTF-8 (RFC 8187 §3.2.1): a name that is not becomes valid first.
  const std::string exact = valid_utf8(file_name.empty() ? kDefaultName : file_name);
  const std::string_view kind = type == DispositionType::kAttachment ? "attachment" : "inline";
  return std::string(kind) + "; filename=\"" + ascii_fallback_file_name(file_name) +
         "\"; filename*=UTF-8''" + percent_encode_ext_value(exact);
}

}  // namespace tglink
