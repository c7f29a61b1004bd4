#pragma once
// A set of environment variables by name, as read from the process or from a .env file.

#include <functional>
#include <map>
#include <string>

namespace tglink {

using EnvMap = std::map<std::string, std::string, std::less<>>;

}  // namespace tglink
