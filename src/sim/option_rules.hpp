#pragma once
// Which options a client may set, and with what values, as OptionManager::set_option
// (td/telegram/OptionManager.cpp) decides. The simulator knows the writable options tglink and
// its tests use; any other name is refused like an unknown or read-only one, which is stricter
// than TDLib for the writable options it leaves out.

#include <string>

#include <boost/json.hpp>

namespace tglink::sim {

// The 400 message TDLib answers setOption(name, value) with, or "" when it is accepted.
// `value` is the request's optionValue* object (empty or optionValueEmpty: reset to default).
[[nodiscard]] std::string option_error(const std::string& name, const boost::json::object& value);

}  // namespace tglink::sim
