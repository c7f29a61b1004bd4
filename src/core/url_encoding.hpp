#pragma once
// Percent-encoding of one URI component (RFC 3986 §2.1, §2.3), e.g. the value of the player's
// "?stream=<url-encoded streaming URL>" query parameter.

#include <optional>
#include <string>
#include <string_view>

namespace tglink {

// Keeps the unreserved characters (ALPHA DIGIT "-" "." "_" "~") and writes every other byte as
// %XX with uppercase hex, so the result is safe in any part of a URL, query values included.
[[nodiscard]] std::string url_encode_component(std::string_view text);

// Percent-encodes every byte for which `keep` is false, as %XX with upper-case hex. The one
// encoder behind url_encode_component and RFC 8187 ext-values (content_disposition.hpp).
[[nodiscard]] std::string percent_encode(std::string_view text, bool (*keep)(char));

// Reverses url_encode_component: each %XX (either case of hex) becomes its byte; other
// characters are copied as they are. "+" stays "+": it means a space only in HTML form bodies.
// nullopt when a "%" is not followed by two hex digits.
[[nodiscard]] std::optional<std::string> url_decode_component(std::string_view text);

}  // namespace tglink
