#include "config/process_environment.hpp"

#include <cstdlib>
#include <string_view>

extern char** environ;  // POSIX; declared by no standard header in strict C++ mode

namespace tglink {

EnvMap read_process_environment() {
  EnvMap values;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string_view pair(*entry);
    const std::size_t equals = pair.find('=');
    if (equals == std::string_view::npos) {
      continue;
    }
    values.emplace(std::string(pair.substr(0, equals)), std::string(pair.substr(equals + 1)));
  }
  return values;
}

void export_missing_to_process_environment(const EnvMap& values) {
  for (const auto& [name, value] : values) {
    setenv(name.c_str(), value.c_str(), /*overwrite=*/0);
  }
}

}  // namespace tglink
