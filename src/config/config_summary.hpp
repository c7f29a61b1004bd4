#pragma once
// A readable listing of the effective settings, for `tglink check-config` and the start-up
// log. Secrets never appear: bot tokens show only the bot's id, other secrets only "set".

#include <string>

#include "config/config.hpp"

namespace tglink {

[[nodiscard]] std::string summarize_config(const Config& config);

}  // namespace tglink
