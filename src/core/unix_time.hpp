#pragma once
// Whole seconds since the Unix epoch, the form the store keeps every instant in.

#include <chrono>
#include <cstdint>

#include "core/clock.hpp"

namespace tglink {

[[nodiscard]] inline std::int64_t unix_seconds(SystemTime t) {
  return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
}

}  // namespace tglink
