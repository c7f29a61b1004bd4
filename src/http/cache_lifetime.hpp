#pragma once
// How long a cache may keep a file answer: never past the end of its link.
//
// A cache that holds a response for max-age seconds serves it without asking tglink, so a
// max-age longer than the link's remaining life would keep an expired link working. The link's
// remaining life, in whole seconds rounded down, therefore caps the wanted lifetime.

#include <chrono>
#include <optional>
#include <string>

#include "core/clock.hpp"

namespace tglink {

// min(wanted, expires_at - now) rounded down to whole seconds, and never negative; `wanted` when
// the link never expires.
[[nodiscard]] std::chrono::seconds link_max_age(std::chrono::seconds wanted,
                                                std::optional<SystemTime> expires_at,
                                                SystemTime now);

// "public, max-age=N" with N from link_max_age().
[[nodiscard]] std::string public_cache_control(std::chrono::seconds wanted,
                                               std::optional<SystemTime> expires_at,
                                               SystemTime now);

}  // namespace tglink
