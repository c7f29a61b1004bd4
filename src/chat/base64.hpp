#pragma once
// Standard base64 with padding: how TDLib's JSON carries "bytes" fields such as callback data.

#include <string>
#include <string_view>

namespace tglink {

[[nodiscard]] std::string base64_encode(std::string_view bytes);
// The bytes back; characters outside the alphabet (padding, line breaks) are skipped.
[[nodiscard]] std::string base64_decode(std::string_view text);

}  // namespace tglink
