#pragma once
// Conversions between tglink's LogLevel and spdlog's levels. Private to src/logging/.

#include <spdlog/common.h>

#include "logging/log.hpp"

namespace tglink {

[[nodiscard]] spdlog::level::level_enum to_spdlog_level(LogLevel level);
// spdlog's trace maps to Debug; "off" never reaches a sink.
[[nodiscard]] LogLevel from_spdlog_level(spdlog::level::level_enum level);

}  // namespace tglink
