#pragma once
// How tglink's signed tokens (links, dashboard grants, player sessions) are sealed: the body
// followed by a MAC, HMAC-SHA256 under the kind's own key cut to a fixed size, all base64url.
// Unsealing checks the MAC in constant time before anything in the body is read.

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace tglink {

// HMAC-SHA256 of `message` under `key`, its first `size` bytes; "" when HMAC fails (callers
// treat an empty MAC as failure).
[[nodiscard]] std::string truncated_hmac(std::string_view key, std::string_view message,
                                         std::size_t size);

// The body of `token` when its last `mac_size` bytes equal what `mac` computes for the rest;
// nullopt for anything else (not base64url, too short, a wrong MAC).
[[nodiscard]] std::optional<std::string> unsealed_body(
    std::string_view token, std::size_t mac_size,
    const std::function<std::string(std::string_view body)>& mac);

}  // namespace tglink
