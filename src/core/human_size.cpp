#include "core/human_size.hpp"

#include <array>
#include <string_view>

#include <fmt/format.h>

namespace tglink {

std::string format_size(std::int64_t bytes) {
  if (bytes < 1024) return fmt::format("{} B", bytes);
  static constexpr std::array<std::string_view, 4> kUnits{"KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes) / 1024.0;
  std::size_t unit = 0;
  while (value >= 1024.0 && unit + 1 < kUnits.size()) {
    value /= 1024.0;
    ++unit;
  }
  return fmt::format("{:.{}f} {}", value, unit >= 2 ? 2 : 1, kUnits[unit]);
}

}  // namespace tglink
