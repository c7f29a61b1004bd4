#pragma once
// Base64 in the two forms tglink meets (RFC 4648):
// - standard, with padding: how TDLib's JSON carries "bytes" fields such as callback data;
// - base64url without padding: link and session tokens, safe in URL paths and chat messages.

#include <optional>
#include <string>
#include <string_view>

namespace tglink {

// Standard alphabet (A-Z a-z 0-9 + /), padded with '=' to a multiple of 4.
[[nodiscard]] std::string base64_encode(std::string_view bytes);
// The bytes back, leniently, as TDLib's fields are read: both alphabets are accepted, and other
// characters (padding, line breaks) are skipped.
[[nodiscard]] std::string base64_decode(std::string_view text);

// URL alphabet (A-Z a-z 0-9 - _), unpadded: ceil(4 * size / 3) characters.
[[nodiscard]] std::string base64url_encode(std::string_view bytes);
// Canonical unpadded base64url only. nullopt for anything else: a character outside the
// alphabet, '=' padding, a length that leaves 1 spare character, or unused low bits that are not
// zero. Because of the last rule every byte string has exactly one encoding, so decode(s)
// succeeds only when encode(decode(s)) == s: a token cannot be spelled two ways.
[[nodiscard]] std::optional<std::string> base64url_decode(std::string_view text);

}  // namespace tglink
