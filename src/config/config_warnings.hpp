#pragma once
// Settings that are valid but that an operator with real credentials would regret: links built
// on a loopback BASE_URL (the default http://localhost:{PORT}) open only on this machine, and
// Telegram refuses buttons and text URLs to a host without a dot, so the Play Video button is
// left out and the links come as plain text. Shown by `tglink check-config` and logged at start.
// The demo runs on this machine by design and gets none.

#include <string>
#include <vector>

#include "config/config.hpp"
#include "config/config_loader.hpp"

namespace tglink {

[[nodiscard]] std::vector<std::string> config_warnings(const Config& config, ConfigMode mode);

}  // namespace tglink
