#include "http/cache_lifetime.hpp"

#include <algorithm>

namespace tglink {

std::chrono::seconds link_max_age(std::chrono::seconds wanted, std::optional<SystemTime> expires_at,
                                  SystemTime now) {
  if (!expires_at) return wanted;
  if (*expires_at <= now) return std::chrono::seconds{0};
  return std::min(std::chrono::floor<std::chrono::seconds>(*expires_at - now), wanted);
}

std::string public_cache_control(std::chrono::seconds wanted, std::optional<SystemTime> expires_at,
                                 SystemTime now) {
  return "public, max-age=" + std::to_string(link_max_age(wanted, expires_at, now).count());
}

}  // namespace tglink
