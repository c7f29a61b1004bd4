#pragma once
// Standard base64, as TDLib uses for "bytes" fields such as callback data.

#include <string>
#include <string_view>

namespace tglink::sim {

std::string base64_encode(std::string_view bytes);
// Decodes standard or URL-safe base64; stops at the first character outside the alphabet.
std::string base64_decode(std::string_view text);

}  // namespace tglink::sim
