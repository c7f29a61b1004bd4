#pragma once
// `tglink check-config --online`: after the settings check, the self-test (selftest/) against
// BASE_URL. When tglink already runs here (something listens on PORT), the answer must carry
// the nonce it wrote to DATA_DIR; otherwise a stand-in listener on BIND_ADDRESS:PORT answers
// with a fresh nonce for as long as the test takes, so a reverse proxy can be checked before
// the first start.

#include <ostream>

#include "config/config.hpp"

namespace tglink {

// 0 when links on BASE_URL reach this tglink; 1 with the failing step explained.
[[nodiscard]] int run_online_check(const Config& config, std::ostream& out, std::ostream& err);

}  // namespace tglink
