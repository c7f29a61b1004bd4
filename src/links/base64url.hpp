#pragma once
// base64url (RFC 4648 section 5) without padding: the alphabet A-Z a-z 0-9 - _, safe in URL
// paths and chat messages without escaping.

#include <optional>
#include <string>
#include <string_view>

namespace tglink {

// Encodes any bytes; the result is ceil(4 * size / 3) characters.
[[nodiscard]] std::string base64url_encode(std::string_view bytes);

// Decodes canonical unpadded base64url only. Returns nullopt for anything else: a character
// outside the alphabet, '=' padding, a length that leaves 1 spare character, or unused low bits
// that are not zero. Because of the last rule every byte string has exactly one encoding, so
// decode(s) succeeds only when encode(decode(s)) == s.
[[nodiscard]] std::optional<std::string> base64url_decode(std::string_view text);

}  // namespace tglink
