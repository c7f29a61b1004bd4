#pragma once
// The addProxy sequence both libraries are put through (offline): tglink's own requests for
// each TELEGRAM_PROXY form, sent before setTdlibParameters as tglink sends them, then the
// checks TDLib makes (empty server, long server, bad ports, bad MTProxy secrets, missing
// fields), a repeated proxy, and getProxies. One {"step", "answer"} object per step.

#include <string>

#include <boost/json.hpp>

#include "td_json_driver.hpp"

namespace tglink::testing {

boost::json::array run_proxy_sequence(TdJsonDriver& td, const std::string& directory);

}  // namespace tglink::testing
