#include "support/child_environment.hpp"

#include <cstdlib>

namespace tglink::testing {

std::vector<std::string> child_environment(std::map<std::string, std::string> env) {
  for (const char* name : {"PATH", "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"}) {
    if (env.contains(name)) continue;
    if (const char* value = std::getenv(name)) env[name] = value;
  }
  std::vector<std::string> strings;
  for (const auto& [name, value] : env) strings.push_back(name + "=" + value);
  return strings;
}

std::vector<char*> exec_pointers(std::vector<std::string>& strings) {
  std::vector<char*> result;
  for (std::string& s : strings) result.push_back(s.data());
  result.push_back(nullptr);
  return result;
}

}  // namespace tglink::testing
