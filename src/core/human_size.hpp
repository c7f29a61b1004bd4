#pragma once
// File sizes for people: "512 B", "1.5 KiB", "20.0 MiB", "1.86 GiB" (binary units).

#include <cstdint>
#include <string>

namespace tglink {

[[nodiscard]] std::string format_size(std::int64_t bytes);

}  // namespace tglink
